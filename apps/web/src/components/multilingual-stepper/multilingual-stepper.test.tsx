import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { localizedKey } from '@evcms/contracts/localized';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { MultilingualStepper } from './multilingual-stepper.tsx';

type Values = { name_ky: string; name_ru: string; name_en: string; phone: string };

function TagForm(props: { mode?: 'create' | 'edit'; onSubmit?: (v: Values) => unknown; onCancel?: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <MultilingualStepper<Values>
      form={form}
      mode={props.mode ?? 'create'}
      onSubmit={props.onSubmit ?? (() => undefined)}
      onCancel={props.onCancel ?? (() => undefined)}
      renderLanguage={(lang) => (
        <Form.Item
          name={localizedKey('name', lang)}
          label={`Name ${lang}`}
          rules={[{ required: true, message: 'Required' }]}
        >
          <Input />
        </Form.Item>
      )}
    >
      <Form.Item name="phone" label="Phone" rules={[{ required: true, message: 'Phone required' }]}>
        <Input />
      </Form.Item>
    </MultilingualStepper>
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const visiblePane = () => ['ky', 'ru', 'en'].find((lang) => !screen.getByTestId(`stepper-pane-${lang}`).hidden);

describe('MultilingualStepper', { timeout: 30_000 }, () => {
  inEnglish();

  it('walks Kyrgyz, Russian, English and shows Create only on the last step', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderScreen(<TagForm onSubmit={onSubmit} />);
    for (const title of ['Kyrgyz', 'Russian', 'English']) expect(screen.getByText(title)).toBeInTheDocument();
    expect(visiblePane()).toBe('ky');
    expect(screen.queryByTestId('stepper-submit')).not.toBeInTheDocument();

    fill('Name ky', 'Кубаттоо');
    await user.click(screen.getByTestId('stepper-next'));
    await waitFor(() => expect(visiblePane()).toBe('ru'));
    expect(screen.queryByTestId('stepper-submit')).not.toBeInTheDocument();

    fill('Name ru', 'Зарядка');
    await user.click(screen.getByTestId('stepper-next'));
    await waitFor(() => expect(visiblePane()).toBe('en'));
    expect(screen.queryByTestId('stepper-next')).not.toBeInTheDocument();

    fill('Name en', 'Charging');
    fill('Phone', '996555000111');
    expect(screen.getByTestId('stepper-submit')).toHaveTextContent('Create');
    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name_ky: 'Кубаттоо',
        name_ru: 'Зарядка',
        name_en: 'Charging',
        phone: '996555000111',
      }),
    );
  });

  it('does not move on with an empty required field and marks the step', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderScreen(<TagForm />);
    await user.click(screen.getByTestId('stepper-next'));
    expect(await within(screen.getByTestId('stepper-pane-ky')).findByText('Required')).toBeInTheDocument();
    expect(visiblePane()).toBe('ky');
    // Only the current language was checked, not the ones the user has not reached yet.
    expect(within(screen.getByTestId('stepper-pane-ru')).queryByText('Required')).not.toBeInTheDocument();
    expect(container.querySelectorAll('.ant-steps-item-error')).toHaveLength(1);

    fill('Name ky', 'Аты');
    await waitFor(() => expect(container.querySelectorAll('.ant-steps-item-error')).toHaveLength(0));
  });

  it('goes back to the language with a mistake when the final check fails', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderScreen(<TagForm mode="edit" onSubmit={onSubmit} />);
    await user.click(screen.getByText('English'));
    expect(visiblePane()).toBe('en');
    fill('Name en', 'Charging');
    fill('Phone', '996555000111');
    expect(screen.getByTestId('stepper-submit')).toHaveTextContent('Save');
    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() => expect(visiblePane()).toBe('ky'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('opens the language of a field error that onSubmit put on the form (a server answer)', async () => {
    const user = userEvent.setup({ delay: null });
    function ServerRefusing() {
      const [form] = Form.useForm<Values>();
      return (
        <MultilingualStepper<Values>
          form={form}
          mode="edit"
          onSubmit={() => form.setFields([{ name: 'name_ru', errors: ['Taken'] }])}
          onCancel={() => undefined}
          renderLanguage={(lang) => (
            <Form.Item name={localizedKey('name', lang)} label={`Name ${lang}`}>
              <Input />
            </Form.Item>
          )}
        />
      );
    }
    renderScreen(<ServerRefusing />);
    await user.click(screen.getByText('English'));
    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() => expect(visiblePane()).toBe('ru'));
    expect(await within(screen.getByTestId('stepper-pane-ru')).findByText('Taken')).toBeInTheDocument();
    expect(screen.getByText('Incorrectly filled field')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name ru')).toHaveFocus());
  });

  it('cancels an untouched form at once, and asks first once something was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const onCancel = vi.fn();
    renderScreen(<TagForm onCancel={onCancel} />);
    await user.click(screen.getByTestId('stepper-cancel'));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Name ky'), 'А');
    await user.click(screen.getByTestId('stepper-cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel data entry?' });
    expect(dialog).toHaveTextContent('All the data you entered will be lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledOnce();

    await user.click(screen.getByTestId('stepper-cancel'));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(2));
  });

  it('goes on with Enter, focusing the next language, and submits with Enter on the last step', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderScreen(<TagForm onSubmit={onSubmit} />);
    fill('Phone', '996555000111');
    await user.type(screen.getByLabelText('Name ky'), 'Аты{Enter}');
    await waitFor(() => expect(visiblePane()).toBe('ru'));
    expect(screen.getByLabelText('Name ru')).toHaveFocus();
    await user.keyboard('Имя{Enter}');
    await waitFor(() => expect(visiblePane()).toBe('en'));
    expect(screen.getByLabelText('Name en')).toHaveFocus();
    await user.keyboard('Name');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name_ky: 'Аты', name_ru: 'Имя', name_en: 'Name', phone: '996555000111' }),
    );
  });

  it('treats Esc as Cancel', async () => {
    const user = userEvent.setup({ delay: null });
    const onCancel = vi.fn();
    renderScreen(<TagForm onCancel={onCancel} />);
    await user.type(screen.getByLabelText('Name ky'), 'А');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledOnce());
  });

  it('shows the generic alert and focuses the first field in error when the final check fails', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<TagForm mode="edit" />);
    await user.click(screen.getByText('English'));
    fill('Name en', 'Charging');
    await user.click(screen.getByTestId('stepper-submit'));
    expect(await screen.findByText('Incorrectly filled field')).toBeInTheDocument();
    expect(
      screen.getByText(
        'One or more of the required fields are not filled in or contain incorrect data, check the entered data.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(visiblePane()).toBe('ky'));
    await waitFor(() => expect(screen.getByLabelText('Name ky')).toHaveFocus());
  });
});
