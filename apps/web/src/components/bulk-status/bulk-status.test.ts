import { describe, expect, it } from 'vitest';
import { bulkStatusAction } from './bulk-status.ts';

const active = { active: true };
const inactive = { active: false };

describe('bulk status rule', () => {
  it('offers nothing for an empty selection', () => {
    expect(bulkStatusAction([])).toBeNull();
  });

  it('deactivates (status 1) when every selected row is active', () => {
    expect(bulkStatusAction([active, active])).toEqual({ label: 'deactivate', status: 1, disabled: false });
  });

  it('activates (status 0) when every selected row is inactive', () => {
    expect(bulkStatusAction([inactive])).toEqual({ label: 'activate', status: 0, disabled: false });
  });

  it('is disabled for a mixed selection and still follows the first row', () => {
    expect(bulkStatusAction([active, inactive])).toEqual({ label: 'deactivate', status: 1, disabled: true });
    expect(bulkStatusAction([inactive, active, inactive])).toEqual({ label: 'activate', status: 0, disabled: true });
  });
});
