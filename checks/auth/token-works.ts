import type { ApiClient, ApiResponse, TokenChoice } from '../../harness/check';

/** Whether the token is accepted by a call that needs no particular permission (emails/search, else helper/ping). */
export async function tokenWorks(api: ApiClient, token: TokenChoice): Promise<{ works: boolean; responses: ApiResponse[] }> {
  const search = await api.call('emails.search', { token });
  if (search.outcome === 'success') return { works: true, responses: [search] };
  const ping = await api.call('helper.ping', { token });
  return { works: ping.outcome === 'success', responses: [search, ping] };
}
