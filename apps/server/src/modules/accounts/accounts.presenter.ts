import type { Manager, TokenPair } from '@evcms/contracts/accounts';
import type { DetailBody } from '@evcms/contracts/common';
import { isLang, type Lang } from '@evcms/contracts/i18n';
import { formatMessage } from '@evcms/contracts/messages';
import type { ManagerRecord, SessionTokens } from './accounts.service.ts';

/** The signed-in manager, the session's tokens and the accounts' confirmations as the API answers them. */

/** A language saved before it was checked (none is now) reads as Russian, the screens' default. */
export function presentManager(manager: ManagerRecord): Manager {
  return {
    id: manager.id,
    email: manager.email,
    name: manager.name,
    language: isLang(manager.language) ? manager.language : 'ru',
  };
}

export function presentTokens(tokens: SessionTokens): TokenPair {
  return { access: tokens.accessToken, refresh: tokens.refreshToken };
}

/** The same words whether or not the address has an account. */
export function presentResetSent(lang: Lang): DetailBody {
  return { detail: formatMessage(lang, 'reset_sent') };
}

export function presentPasswordChanged(lang: Lang): DetailBody {
  return { detail: formatMessage(lang, 'password_changed') };
}
