import type { MessageKey } from '@evcms/contracts/messages';
import type { Db } from '../../db/client.ts';
import { missingIds, uniqueIds } from '../../lib/bulk.ts';
import { lockExistingInfrastructure } from './infrastructure.service.ts';
import { checkLocation, type LocationIds } from './locations.service.ts';
import { lockExistingTags } from './tags.service.ts';

/*
 * For other modules: what a record chooses from the catalog (a merchant's or a station's location,
 * tags and infrastructure), checked in one place so that every resource answers the same fields
 * with the same message keys.
 */

export interface CatalogChoices {
  /** As it will be stored; `citySent: false` when a partial update moves the location without naming the city. */
  location?: (LocationIds & { citySent: boolean }) | undefined;
  tags?: readonly number[] | undefined;
  environment?: readonly number[] | undefined;
}

/**
 * Every problem by field, none when the choices hold. The tags and infrastructure items chosen are
 * locked against deletion until the caller's transaction ends.
 */
export async function catalogChoiceProblems(db: Db, choices: CatalogChoices): Promise<Record<string, MessageKey[]>> {
  const problems: Record<string, MessageKey[]> = {};
  if (choices.location) {
    const { citySent, ...location } = choices.location;
    for (const [field, key] of Object.entries(await checkLocation(db, location, { citySent }))) problems[field] = [key];
  }
  const { tags, environment } = choices;
  if (tags && missingIds(tags, await lockExistingTags(db, uniqueIds(tags))).length) problems.tags = ['invalid_choice'];
  if (environment && missingIds(environment, await lockExistingInfrastructure(db, uniqueIds(environment))).length)
    problems.environment = ['invalid_choice'];
  return problems;
}
