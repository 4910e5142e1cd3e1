import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The house rules of docs/architecture.md that lint enforces. Each case lints a line as if it
 * stood in a real file of the tree, and expects the rule to refuse it (or to let it pass).
 */
const eslint = new ESLint();

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = 'boundaries/dependencies';

describe('import direction', () => {
  it('refuses a web feature importing another feature', async () => {
    expect(
      await ruleIds(
        'apps/web/src/features/catalog/probe.ts',
        "export { MerchantList } from '../merchants/merchant-list.tsx';\n",
      ),
    ).toContain(RESTRICTED);
  });

  it('refuses lib or components importing a feature', async () => {
    expect(
      await ruleIds(
        'apps/web/src/lib/probe.ts',
        "export { MerchantList } from '../features/merchants/merchant-list.tsx';\n",
      ),
    ).toContain(RESTRICTED);
  });

  it('refuses a server module reading another module’s repository, and lets it call the service', async () => {
    const module = 'apps/server/src/modules/merchants/probe.ts';
    expect(await ruleIds(module, "export { tagsRepository } from '../catalog/catalog.repository.ts';\n")).toContain(
      RESTRICTED,
    );
    expect(await ruleIds(module, "export { findTags } from '../catalog/tags.service.ts';\n")).toEqual([]);
  });

  it('refuses the OCPP central system, the demo and the tests’ helpers reaching past a module’s services', async () => {
    for (const file of [
      'apps/server/src/ocpp/probe.ts',
      'apps/server/src/demo/probe.ts',
      'apps/server/src/test/builders/probe.ts',
    ]) {
      const up = file.includes('/builders/') ? '../../' : '../';
      expect(
        await ruleIds(file, `export { insertStation } from '${up}modules/stations/stations.repository.ts';\n`),
      ).toContain(RESTRICTED);
      expect(
        await ruleIds(file, `export { createStation } from '${up}modules/stations/stations.service.ts';\n`),
      ).toEqual([]);
    }
  });

  it('refuses a module reading another domain’s tables, and lets it read its own, the reference tables and the read models everything', async () => {
    const rates = 'apps/server/src/modules/rates/probe.ts';
    expect(await ruleIds(rates, "export { merchants } from '../../db/schema/merchants.ts';\n")).toContain(RESTRICTED);
    expect(await ruleIds(rates, "export { rates } from '../../db/schema/rates.ts';\n")).toEqual([]);
    expect(await ruleIds(rates, "export { countries } from '../../db/schema/locations.ts';\n")).toEqual([]);
    expect(
      await ruleIds(
        'apps/server/src/modules/read-models/probe.ts',
        "export { merchants } from '../../db/schema/merchants.ts';\n",
      ),
    ).toEqual([]);
  });

  it('lets a module read through a read model, and no client of the modules', async () => {
    const readModel = "export { chargeListPage } from '../read-models/charge-list.read-model.ts';\n";
    expect(await ruleIds('apps/server/src/modules/charges/probe.ts', readModel)).toEqual([]);
    expect(
      await ruleIds('apps/server/src/ocpp/probe.ts', readModel.replace('../read-models', '../modules/read-models')),
    ).toContain(RESTRICTED);
  });

  it('refuses the server’s lib importing any module, its services too', async () => {
    expect(
      await ruleIds('apps/server/src/lib/probe.ts', "export { findTags } from '../modules/catalog/tags.service.ts';\n"),
    ).toContain(RESTRICTED);
  });
});

describe('example records', () => {
  it('refuses an example record in a production file, and lets tests and their data take them', async () => {
    const example = "export { finishedCharge } from '@evcms/contracts/examples/charges';\n";
    for (const file of [
      'apps/web/src/features/charges/probe.ts',
      'apps/server/src/modules/charges/probe.ts',
      'apps/server/src/ocpp/probe.ts',
    ]) {
      expect(await ruleIds(file, example), file).toContain('no-restricted-imports');
    }
    expect(
      await ruleIds('packages/contracts/src/probe.ts', "export { finishedCharge } from './examples/charges.ts';\n"),
    ).toContain('no-restricted-imports');
    for (const file of [
      'apps/web/src/features/charges/charge-list.test.tsx',
      'apps/web/src/features/charges/charge-test-data.ts',
      'apps/server/src/modules/charges/charges-list.test.ts',
      'apps/server/src/test/builders/charges.ts',
    ]) {
      expect(await ruleIds(file, example), file).toEqual([]);
    }
  });
});

describe('file names', () => {
  it('refuses a file name that is not kebab-case', async () => {
    expect(await ruleIds('apps/web/src/lib/MerchantList.ts', 'export const a = 1;\n')).toContain(
      'check-file/filename-naming-convention',
    );
    expect(await ruleIds('apps/web/src/lib/merchant-list.test.ts', 'export const a = 1;\n')).toEqual([]);
  });
});

describe('screen readers', () => {
  it('refuses an antd icon that would read its English name, and takes a hidden or labelled one', async () => {
    const file = 'apps/web/src/components/probe.tsx';
    const icon = "import { PlusOutlined } from '@ant-design/icons';\n";
    expect(await ruleIds(file, `${icon}export const a = <PlusOutlined />;\n`)).toContain('no-restricted-syntax');
    expect(await ruleIds(file, `${icon}export const a = <PlusOutlined aria-hidden />;\n`)).toEqual([]);
    expect(await ruleIds(file, `${icon}export const a = <PlusOutlined aria-label="Add" />;\n`)).toEqual([]);
  });
});
