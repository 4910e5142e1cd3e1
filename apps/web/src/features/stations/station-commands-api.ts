import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ChangeAvailabilityRequest,
  ChangeConfigurationRequest,
  CommandAnswer,
  ConfigurationAnswer,
  GetConfigurationRequest,
  OcppCommandEntry,
  RemoteStartAnswer,
  RemoteStartRequest,
  ResetType,
  StationCommandAnswer,
  TriggerMessageRequest,
  UnlockConnectorRequest,
} from '@evcms/contracts/ocpp-commands';
import type { Paged } from '@evcms/contracts/common';
import type { DriverIdTag, DriverListItem } from '@evcms/contracts/drivers';
import type { NamedOption } from '../../components/search-select/search-multi-select.tsx';
import { http } from '../../lib/http.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { resourceListQueryOptions } from '../../lib/resource-api.ts';

/**
 * OCPP commands to a station: the restart of the specification (by identity), the station card's
 * commands under /stations/{id}/ocpp/, and their audit. A command's answer comes once the station
 * has answered (or after the time-out, 30 s by default); a failure is `success: false` with the
 * reason, not an HTTP error. Each command adds an audit entry, so the station's log is read again.
 */

/** The audit of one station, newest first; under the card's key, so live updates (a stop the system sent itself) refetch it. */
const auditConfig = (stationId: number) => ({
  path: `/stations/${stationId}/ocpp/commands/`,
  key: ['stations', 'detail', stationId, 'ocpp-commands'],
});

export interface StationCommandsListParams {
  page: number;
  size: number;
}

/** The card's commands, each a POST to /stations/{id}/ocpp/<path>/. */
interface CardCommands {
  'unlock-connector': [UnlockConnectorRequest, StationCommandAnswer];
  'change-availability': [ChangeAvailabilityRequest, StationCommandAnswer];
  'trigger-message': [TriggerMessageRequest, StationCommandAnswer];
  'get-configuration': [GetConfigurationRequest, ConfigurationAnswer];
  'change-configuration': [ChangeConfigurationRequest, StationCommandAnswer];
  'remote-start': [RemoteStartRequest, RemoteStartAnswer];
}
export type CardCommand = keyof CardCommands;
export type CardCommandRequest<C extends CardCommand> = CardCommands[C][0];

export interface ResetVariables {
  identity: string;
  /** Whose audit gets the entry, to read it again; absent where no card shows it. */
  stationId?: number;
  type: ResetType;
}

/** A driver as the remote start's picker names one: surname, first name and phone. */
const driverOption = (driver: DriverListItem): NamedOption => ({
  id: driver.id,
  name: `${driver.surname} ${driver.first_name} · ${formatPhone(driver.phone)}`,
});

const refreshAudit = (queryClient: QueryClient, stationId: number | undefined) =>
  stationId === undefined
    ? queryClient.invalidateQueries({ queryKey: ['stations', 'detail'] })
    : queryClient.invalidateQueries({ queryKey: auditConfig(stationId).key });

export const stationCommandsApi = {
  auditQueryOptions: (stationId: number, params: StationCommandsListParams) =>
    resourceListQueryOptions<OcppCommandEntry, StationCommandsListParams>(auditConfig(stationId), params),
  /** POST /stations/reset/{identity}/ (spec 7). */
  reset: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['stations', 'reset'],
      mutationFn: ({ identity, type }: ResetVariables) =>
        http.post<CommandAnswer>(`/stations/reset/${encodeURIComponent(identity)}/`, { reset_type: type }),
      onSettled: (_answer, _error, { stationId }) => refreshAudit(queryClient, stationId),
    }),
  /**
   * The station's configuration (GetConfiguration). A command like the others, read as a query so
   * that one dialog asks once however it renders; never kept or retried, it is the station's now.
   */
  configurationQueryOptions: (queryClient: QueryClient, stationId: number) =>
    queryOptions({
      queryKey: ['stations', 'ocpp-configuration', stationId],
      queryFn: () =>
        http
          .post<ConfigurationAnswer>(`/stations/${stationId}/ocpp/get-configuration/`, {})
          .finally(() => void refreshAudit(queryClient, stationId)),
      staleTime: 0,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  /** The remote start's driver picker: /users/ searched by name or phone, under the drivers' key so their changes reach it. */
  driverOptionsQueryOptions: (params: { search?: string; size: number }) =>
    queryOptions({
      queryKey: ['drivers', 'options', params] as readonly unknown[],
      queryFn: async ({ signal }): Promise<Paged<NamedOption>> => {
        const found = await http.get<Paged<DriverListItem>>('/users/', { query: params, signal });
        return { ...found, items: found.items.map(driverOption) };
      },
    }),
  /** The chosen driver's id tags, under the driver's detail key (adding or blocking one reads them again). */
  driverIdTagsQueryOptions: (driverId: number) =>
    queryOptions({
      queryKey: ['drivers', 'detail', driverId, 'id-tags'],
      queryFn: ({ signal }) => http.get<DriverIdTag[]>(`/users/${driverId}/id-tags/`, { signal }),
    }),
  /** One of the station card's commands. */
  command:
    <C extends CardCommand>(stationId: number, command: C) =>
    (queryClient: QueryClient) =>
      mutationOptions({
        mutationKey: ['stations', 'ocpp', command],
        mutationFn: (body: CardCommands[C][0]) =>
          http.post<CardCommands[C][1]>(`/stations/${stationId}/ocpp/${command}/`, body),
        onSettled: () => refreshAudit(queryClient, stationId),
      }),
};
