import { RecordNotFound } from '../../components/not-found.tsx';

/** A merchant id that does not exist (or is not a number), on the detail and edit routes: say so and lead back to the list. */
export function MerchantNotFound() {
  return <RecordNotFound ns="merchants" data-testid="merchant-not-found" backTo="/merchants" />;
}
