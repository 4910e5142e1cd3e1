/*
 * A charge point's configuration keys (OCPP 1.6 section 9.1), in memory: what GetConfiguration
 * reads and ChangeConfiguration writes. Each key has a kind, so a value that does not fit it is
 * Rejected as a real charge point would; a read-only or unknown key cannot be changed.
 */

type Kind = 'integer' | 'boolean' | 'text';

interface KeyEntry {
  kind: Kind;
  readonly: boolean;
  value: string;
}

export interface ConfigurationKey {
  key: string;
  readonly: boolean;
  value: string;
}

export type ChangeStatus = 'Accepted' | 'Rejected' | 'NotSupported';

/** The measurands the simulator samples: the only value of MeterValuesSampledData it accepts. */
export const SAMPLED_DATA = 'Energy.Active.Import.Register,Power.Active.Import,SoC';

const FITS: Record<Kind, (value: string) => boolean> = {
  integer: (value) => /^\d{1,9}$/.test(value),
  boolean: (value) => value === 'true' || value === 'false',
  text: () => true,
};

export class Configuration {
  private readonly keys = new Map<string, KeyEntry>();

  constructor(initial: { heartbeatIntervalSeconds: number; meterIntervalSeconds: number; connectors: number }) {
    const add = (key: string, kind: Kind, value: string | number | boolean, readonly = false) =>
      this.keys.set(key, { kind, readonly, value: String(value) });
    add('HeartbeatInterval', 'integer', initial.heartbeatIntervalSeconds);
    add('MeterValueSampleInterval', 'integer', initial.meterIntervalSeconds);
    add('MeterValuesSampledData', 'text', SAMPLED_DATA);
    add('ClockAlignedDataInterval', 'integer', 0);
    add('ConnectionTimeOut', 'integer', 60);
    add('AuthorizeRemoteTxRequests', 'boolean', false);
    add('LocalPreAuthorize', 'boolean', false);
    add('StopTransactionOnInvalidId', 'boolean', true);
    add('ResetRetries', 'integer', 1);
    add('NumberOfConnectors', 'integer', initial.connectors, true);
    add('SupportedFeatureProfiles', 'text', 'Core,RemoteTrigger', true);
    add('GetConfigurationMaxKeys', 'integer', 50, true);
  }

  /** GetConfiguration.conf: every key when none is asked for; keys it does not have are named as unknown. */
  read(asked: string[] = []): { configurationKey: ConfigurationKey[]; unknownKey?: string[] } {
    const wanted = asked.length ? asked : [...this.keys.keys()];
    const configurationKey = wanted.flatMap((key) => {
      const entry = this.keys.get(key);
      return entry ? [{ key, readonly: entry.readonly, value: entry.value }] : [];
    });
    const unknownKey = wanted.filter((key) => !this.keys.has(key));
    return { configurationKey, ...(unknownKey.length && { unknownKey }) };
  }

  change(key: string, value: string): ChangeStatus {
    const entry = this.keys.get(key);
    if (!entry) return 'NotSupported';
    if (entry.readonly || !FITS[entry.kind](value)) return 'Rejected';
    if (key === 'MeterValuesSampledData' && value !== SAMPLED_DATA) return 'Rejected';
    entry.value = value;
    return 'Accepted';
  }

  /** A key's value as a number (integer keys; the initial values may carry fractions of a second). */
  number(key: string): number {
    return Number(this.keys.get(key)?.value ?? 0);
  }

  flag(key: string): boolean {
    return this.keys.get(key)?.value === 'true';
  }

  /** Set by the charge point itself (the interval its BootNotification was given). */
  set(key: string, value: string | number): void {
    const entry = this.keys.get(key);
    if (entry) entry.value = String(value);
  }
}
