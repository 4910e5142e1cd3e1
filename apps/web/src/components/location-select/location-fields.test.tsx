import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { aPlace } from '../location-test-data.ts';
import { LocationFields } from './location-fields.tsx';

const COUNTRIES = [aPlace(1, 'Kyrgyzstan'), aPlace(2, 'Kazakhstan')];
const DISTRICTS = [
  aPlace(1, 'Bishkek', { country_id: 1 }),
  aPlace(3, 'Chuy Region', { country_id: 1 }),
  aPlace(20, 'Almaty Region', { country_id: 2 }),
];
const SETTLEMENTS = [
  aPlace(1, 'Bishkek', { country_id: 1, district_id: 1 }),
  aPlace(5, 'Tokmok', { country_id: 1, district_id: 3 }),
  aPlace(30, 'Almaty', { country_id: 2, district_id: 20 }),
];

function locationsEndpoint(url: URL) {
  const country = Number(url.searchParams.get('country_id'));
  switch (url.searchParams.get('location_type')) {
    case 'countries':
      return jsonResponse(200, COUNTRIES);
    case 'districts':
      return jsonResponse(
        200,
        DISTRICTS.filter((row) => row.country_id === country),
      );
    default:
      return jsonResponse(
        200,
        SETTLEMENTS.filter((row) => row.country_id === country),
      );
  }
}

/** The three fields in a form set to Kyrgyzstan / Chuy Region / Tokmok; returns the form. */
function renderFields(): FormInstance {
  let form: FormInstance | undefined;
  function Harness() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ country: 1, district: 3, city: 5 }}>
        <LocationFields form={instance} />
      </Form>
    );
  }
  renderScreen(<Harness />);
  return form!;
}

describe('LocationFields', () => {
  inEnglish();

  it('names each clear cross after its field, in the interface language', async () => {
    stubFetch({ 'GET /common/locations/': (request) => locationsEndpoint(request.url) });
    renderFields();
    expect(await screen.findByText('Tokmok')).toBeInTheDocument();
    for (const field of ['Country', 'District', 'City']) {
      // Still antd's icon, not the bare '×' a labelled clear falls back to.
      expect(screen.getByLabelText(`Clear: ${field}`).querySelector('.anticon-close-circle')).not.toBeNull();
    }
  });

  it('clears district and city when the country changes, and lists the new country’s districts', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({ 'GET /common/locations/': (request) => locationsEndpoint(request.url) });
    const form = renderFields();
    expect(await screen.findByText('Tokmok')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByTitle('Kazakhstan'));

    expect(form.getFieldsValue()).toEqual({ country: 2, district: undefined, city: undefined });
    await waitFor(() =>
      expect(api.callsTo('GET /common/locations/').map((call) => call.url.search)).toContain(
        '?location_type=districts&country_id=2',
      ),
    );
    await user.click(screen.getByRole('combobox', { name: 'District' }));
    expect(await screen.findByTitle('Almaty Region')).toBeInTheDocument();
    expect(screen.queryByTitle('Chuy Region')).not.toBeInTheDocument();
  });
});
