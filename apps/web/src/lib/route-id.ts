/** A route's :id (or :stationId...) as a number; undefined when absent or not a whole positive number. */
export function parseRouteId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
