import { describe, expect, it } from 'vitest';
import { commandParamsText, commandStatusName, rawParamsText } from './ocpp-command-text.ts';

describe('a command of the audit in the manager’s language', () => {
  it('names the parameters and their values, the whole station for connector 0', () => {
    expect(commandParamsText('Reset', { type: 'Soft' }, 'ru')).toBe('Тип: мягкая');
    expect(commandParamsText('ChangeAvailability', { connectorId: 0, type: 'Inoperative' }, 'ru')).toBe(
      'Коннектор: вся станция; Тип: не в работе',
    );
    expect(commandParamsText('ChangeAvailability', { connectorId: 2, type: 'Operative' }, 'ky')).toBe(
      'Коннектор: 2; Түрү: иштеп жатат',
    );
    expect(commandParamsText('TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 }, 'ru')).toBe(
      'Сообщение: Статус коннекторов; Коннектор: 1',
    );
    expect(commandParamsText('RemoteStopTransaction', { transactionId: 118 }, 'en')).toBe('Charge: 118');
    expect(
      commandParamsText('GetConfiguration', { key: ['HeartbeatInterval', 'MeterValueSampleInterval'] }, 'ru'),
    ).toBe('Ключ: HeartbeatInterval, MeterValueSampleInterval');
  });

  it('keeps a word OCPP has no name for as it came', () => {
    expect(commandParamsText('DataTransfer', { vendorId: 'ABB', type: 'X' }, 'ru')).toBe('vendorId: ABB; Тип: X');
    expect(commandStatusName('Unknown', 'ru')).toBe('Unknown');
  });

  it('names the station’s answers', () => {
    expect(commandStatusName('Accepted', 'ru')).toBe('Принято');
    expect(commandStatusName('UnlockFailed', 'ky')).toBe('Кулпусун ачуу ишке ашкан жок');
    expect(commandStatusName('Scheduled', 'en')).toBe('Scheduled after the current charge');
  });

  it('gives the request as sent for the tooltip', () => {
    expect(rawParamsText({ connectorId: 0, type: 'Inoperative' })).toBe('connectorId: 0; type: Inoperative');
  });
});
