import { TOKEN_VALUES } from '../tokens';
import type { BenchRequest } from './load';

/** What the benchmark measures: the two searches (throughput-bound) and a 1000-row contacts import. */
export interface Scenario {
  name: string;
  /** Searches are measured under concurrent load and alone; an import alone, one after the other. */
  kind: 'search' | 'import';
  request(index: number): BenchRequest;
}

const AUTH = { Authorization: `Bearer ${TOKEN_VALUES.full}` };
export const IMPORT_ROWS = 1000;

/** groups/search and emails/search with their defaults (the commonest call), as a client sends them. */
export function searchScenarios(baseUrl: string): Scenario[] {
  const get = (name: string, path: string): Scenario => ({
    name,
    kind: 'search',
    request: () => ({ method: 'GET', url: `${baseUrl}${path}`, headers: AUTH }),
  });
  return [get('groups/search', '/groups/search'), get('emails/search', '/emails/search')];
}

/**
 * contacts/import of 1000 new contacts (three fields and a custom field each) into one Static group:
 * every request inserts fresh addresses, so each measures the insert path.
 */
export function importScenario(baseUrl: string, groupID: number | undefined): Scenario {
  return {
    name: `contacts/import ${IMPORT_ROWS} rows`,
    kind: 'import',
    request: (index) => {
      const contacts = Array.from({ length: IMPORT_ROWS }, (_, row) => ({
        email: `bench.${index}.${row}@example.com`,
        firstName: `First${row}`,
        lastName: `Last${index}`,
        customFields: { Plan: { value: row % 3 === 0 ? 'Gold' : 'Basic' } },
      }));
      const body = JSON.stringify({ contacts, ...(groupID === undefined ? {} : { groupIDs: [groupID] }) });
      return { method: 'POST', url: `${baseUrl}/contacts/import`, headers: { ...AUTH, 'Content-Type': 'application/json' }, body };
    },
  };
}

/** A Static group to import into (the first of a search), so the import also writes memberships. */
export async function staticGroupID(baseUrl: string): Promise<number | undefined> {
  const answer = await fetch(`${baseUrl}/groups/search?type=Static&rpp=1`, { headers: AUTH });
  const body = (await answer.json()) as { data?: { records?: { groupID?: number }[] } };
  return body.data?.records?.[0]?.groupID;
}
