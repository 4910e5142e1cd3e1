import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { discardQuestion, keepEditing } from '../../test/discard-question.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ConnectorModal } from './connector-modal.tsx';
import { TYPE2_CONNECTOR } from './station-test-data.ts';

/* The connector modal's default tariff, keyboard and closing rules; adding and editing through the form are in station-form.test.tsx. */

inEnglish();

const TYPES = { type2: 'Type 2 (Mennekes)', ccs2: 'CCS Combo 2' };
const POSITIONS = { 1: 'Left', 2: 'Right' };

const FEES = [
  { typo: 'type2', typo_name: 'Type 2 (Mennekes)', price: 12.5, rate_id: 3, rate_name: 'Base AC' },
  { typo: 'ccs2', typo_name: 'CCS Combo 2', price: null, rate_id: null, rate_name: null },
];

async function openModal(connector?: typeof TYPE2_CONNECTOR) {
  stubFetch({ 'GET /payments/default-rates-fee/': () => jsonResponse(200, FEES) });
  const onSave = vi.fn();
  const onCancel = vi.fn();
  renderScreen(
    <ConnectorModal
      title="Connector 1"
      connector={connector}
      types={TYPES}
      positions={POSITIONS}
      onSave={onSave}
      onCancel={onCancel}
    />,
  );
  const form = await screen.findByTestId('connector-form');
  // The dialog opens with its first field, the type, focused.
  await waitFor(() => expect(within(form).getByLabelText('Connector type')).toHaveFocus());
  return { onSave, onCancel, form, user: userEvent.setup({ delay: null }) };
}

describe('ConnectorModal', { timeout: 60_000 }, () => {
  it("shows the chosen type's active default tariff, read-only, or that the type has none", async () => {
    const { user, form } = await openModal(TYPE2_CONNECTOR);
    const fee = within(form).getByTestId('default-fee');
    await waitFor(() => expect(fee).toHaveValue('12.50 som/kWh'));
    expect(fee).toHaveAttribute('readonly');

    await user.click(within(form).getByLabelText('Connector type'));
    await user.click(await screen.findByTitle('CCS Combo 2'));
    await waitFor(() => expect(fee).toHaveValue('No active default rate for this type'));
  });

  it('asks for a type before it can show a default tariff', async () => {
    const { form } = await openModal();
    expect(within(form).getByTestId('default-fee')).toHaveAttribute('placeholder', 'Choose a connector type');
  });

  it('closes on Esc at once while untouched', async () => {
    const { user, onCancel } = await openModal(TYPE2_CONNECTOR);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(discardQuestion()).not.toBeInTheDocument();
  });

  it('asks on Esc once a field was changed, and keeps the edit on Cancel', async () => {
    const { user, onCancel, form } = await openModal(TYPE2_CONNECTOR);
    const power = within(form).getByLabelText('Power, kW');
    await user.clear(power);
    await user.type(power, '50');
    await user.keyboard('{Escape}');

    await keepEditing(user);
    expect(onCancel).not.toHaveBeenCalled();
    expect(power).toHaveValue('50');
  });

  it('saves on Enter in a field, as the Save button does', async () => {
    const { user, onSave, form } = await openModal(TYPE2_CONNECTOR);
    const cable = within(form).getByLabelText('Cable length, m');
    fireEvent.change(cable, { target: { value: '5' } });
    await user.type(cable, '{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave).toHaveBeenCalledWith({ ...TYPE2_CONNECTOR, cable_length: 5 });
  });

  it('does not save on Enter while a field is wrong', async () => {
    const { user, onSave, form } = await openModal();
    await user.type(within(form).getByLabelText('Power, kW'), '{Enter}');
    expect(await within(form).findByText('Field cannot be blank')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
