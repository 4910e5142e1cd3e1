import { BackOffice, generatePassword, stationIdentity, type SimulatedStation } from './api.ts';
import { Fleet } from './fleet.ts';
import { parseOptions, USAGE, UsageError, type SimulatorOptions } from './options.ts';
import { summary, totals } from './stats.ts';

/*
 * `npm run simulate -- --stations N ...`: reads the flags, gets the stations (made through the API
 * with --create, or named by --identity-prefix and --password) and the drivers' id tags, runs the
 * fleet with a one-line live summary, and on Ctrl+C (or after --duration) stops the sessions and
 * closes every socket cleanly. A second Ctrl+C leaves at once.
 */

async function prepare(options: SimulatorOptions): Promise<{ stations: SimulatedStation[]; idTags: string[] }> {
  const api = new BackOffice(options.url);
  const signedIn = options.email !== undefined && options.managerPassword !== undefined;
  if (signedIn) await api.signIn(options.email!, options.managerPassword!);
  const stations = options.create
    ? await api.ensureStations({
        prefix: options.identityPrefix,
        count: options.stations,
        connectors: options.connectors,
        password: options.password ?? generatePassword(),
      })
    : Array.from({ length: options.stations }, (_, index) => ({
        identity: stationIdentity(options.identityPrefix, index + 1),
        password: options.password!,
        connectors: options.connectors,
      }));
  // Twice the tags the sessions need, so a driver can leave before the same one comes back.
  const wanted = Math.min(1000, 2 * (options.sessions ?? options.stations));
  const idTags = options.idTags ?? (signedIn && wanted > 0 ? await api.idTags(wanted) : []);
  return { stations, idTags };
}

/** Events above a status line that rewrites itself on a terminal (or is printed every 10 s elsewhere). */
function output(quiet: boolean) {
  const live = Boolean(process.stdout.isTTY) && !quiet;
  let status = '';
  const clear = () => live && process.stdout.write('\r\x1b[K');
  return {
    live,
    event(line: string, error = false) {
      if (quiet && !error) return;
      clear();
      (error ? console.error : console.log)(line);
      if (live) process.stdout.write(status);
    },
    status(line: string) {
      if (quiet) return;
      status = line;
      if (live) process.stdout.write(`\r\x1b[K${line}`);
      else console.log(line);
    },
    /** A line that stays, and no status line after it. */
    final(line: string) {
      clear();
      status = '';
      console.log(line);
    },
  };
}

async function main(): Promise<number> {
  let options: SimulatorOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const out = output(options.quiet);
  const { stations, idTags } = await prepare(options);
  const sessions = options.sessions ?? Math.min(stations.length, idTags.length);
  out.event(`Simulating ${stations.length} station(s) (${stations[0]?.identity}..) against ${options.endpoint}`);
  if (sessions > 0 && !idTags.length)
    out.event("No id tags (--id-tags, or sign in to find drivers'): the stations only stay online.", true);
  else if (sessions > 0)
    out.event(`${sessions} session(s) at a time, ${options.sessionSeconds} s each, with ${idTags.length} id tag(s)`);

  const fleet = new Fleet({
    endpoint: options.endpoint,
    stations,
    idTags,
    sessions,
    sessionSeconds: options.sessionSeconds,
    meterIntervalSeconds: options.meterInterval,
    powerKw: options.powerKw,
    log: (line, error) => out.event(line, error),
  });
  const ticker = setInterval(() => out.status(summary(fleet.stats, stations.length)), out.live ? 1000 : 10_000);
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(ticker);
    out.final(summary(fleet.stats, stations.length));
    out.event(`${why}: ending sessions and closing connections...`);
    void fleet.stop().then(finish);
  };
  process.once('SIGINT', () => {
    stop('Ctrl+C');
    process.once('SIGINT', () => process.exit(130));
  });
  process.once('SIGTERM', () => stop('SIGTERM'));

  await fleet.start();
  const timer =
    options.duration === undefined
      ? undefined
      : setTimeout(() => stop(`${options.duration} s passed`), options.duration * 1000);
  await finished;
  clearTimeout(timer);
  out.final(`Stopped: ${totals(fleet.stats)}.`);
  return fleet.stats.calls > 0 ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
