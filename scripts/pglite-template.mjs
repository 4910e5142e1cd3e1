import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-inputs.mjs';

// The build's last step: a PGlite cluster migrated by this build's migrations, dumped beside the
// built server, where a new data folder starts from it (apps/server/src/db/pglite-template.ts).
const dist = (file) => pathToFileURL(path.join(root, 'apps/server/dist', file)).href;
const { openPglite } = await import(dist('db/client.js'));
const { PGLITE_TEMPLATE } = await import(dist('db/pglite-template.js'));

// In memory: nothing of an earlier template (or a data folder) goes into it.
const database = await openPglite(undefined);
await database.migrate();
const dump = Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer());
await database.close();
// Whole or not at all: a start never finds half a template.
await writeFile(`${PGLITE_TEMPLATE}.partial`, dump);
await rename(`${PGLITE_TEMPLATE}.partial`, PGLITE_TEMPLATE);
