import type { Lang } from './i18n.ts';
import { en } from './messages-en.ts';
import { ky } from './messages-ky.ts';
import { registerMessages, type Catalogue } from './messages.ts';
import { ru } from './messages-ru.ts';

/** Registers the whole catalogue: imported once by the server, and by tests. */
export const messages: Record<Lang, Catalogue> = { ru, en, ky };
for (const [lang, catalogue] of Object.entries(messages) as [Lang, Catalogue][]) registerMessages(lang, catalogue);
