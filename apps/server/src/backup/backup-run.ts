import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';

/**
 * What `npm run backup` and `npm run restore` start from: their one FILE argument, as an absolute
 * path, and the settings `npm start` reads. Both serve the embedded database only; on PostgreSQL
 * they stop with `postgresAdvice`, pointing to its own tools.
 */
export function backupRun(args: string[], usage: string, postgresAdvice: string): { file: string; config: Config } {
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new ConfigError(usage);
  const config = loadConfig();
  if (config.databaseUrl) throw new ConfigError(`DATABASE_URL is set: ${postgresAdvice}`);
  return { file: path.resolve(args[0]!), config };
}
