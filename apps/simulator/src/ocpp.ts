/*
 * The OCPP 1.6J frames the simulator sends and answers, as the official schemas define them
 * (ocpp-rpc checks every frame against those schemas in strict mode; these types keep the code honest).
 */

export type ChargePointStatus =
  | 'Available'
  | 'Preparing'
  | 'Charging'
  | 'SuspendedEVSE'
  | 'SuspendedEV'
  | 'Finishing'
  | 'Reserved'
  | 'Unavailable'
  | 'Faulted';

export type StopReason =
  | 'EmergencyStop'
  | 'EVDisconnected'
  | 'HardReset'
  | 'Local'
  | 'Other'
  | 'PowerLoss'
  | 'Reboot'
  | 'Remote'
  | 'SoftReset'
  | 'UnlockCommand'
  | 'DeAuthorized';

export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

export interface IdTagInfo {
  status: AuthorizationStatus;
  expiryDate?: string;
  parentIdTag?: string;
}

export interface BootNotificationConfirmation {
  status: 'Accepted' | 'Pending' | 'Rejected';
  currentTime: string;
  interval: number;
}

export interface AuthorizeConfirmation {
  idTagInfo: IdTagInfo;
}

export interface StartTransactionConfirmation {
  idTagInfo: IdTagInfo;
  transactionId: number;
}

export type SampledValue = {
  value: string;
  context?: 'Sample.Periodic' | 'Transaction.Begin' | 'Transaction.End' | 'Trigger';
  measurand?: 'Energy.Active.Import.Register' | 'Power.Active.Import' | 'SoC';
  location?: 'Outlet' | 'EV';
  unit?: 'Wh' | 'W' | 'Percent';
};

export interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

export type TriggerableMessage =
  | 'BootNotification'
  | 'DiagnosticsStatusNotification'
  | 'FirmwareStatusNotification'
  | 'Heartbeat'
  | 'MeterValues'
  | 'StatusNotification';

/** OCPP timestamps: UTC, ISO 8601. */
export const ocppTime = (at: Date | number = Date.now()) => new Date(at).toISOString();
