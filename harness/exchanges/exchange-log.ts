import type { ApiResponse } from '../core';
import { recordedTraffic } from './traffic-file';
import type { RecordedExchange, RecordedToken, RecordedTraffic, TokenRole } from './recorded-exchange';

/** Where a live request carried its token, and its value (never kept: the log keeps a stand-in). */
export interface SentToken {
  placement: 'header' | 'query' | 'body';
  /** Undefined: the request carried no token. */
  value: string | undefined;
  /** Which token the harness chose. */
  role?: TokenRole;
}

/**
 * The exchanges one worker has had with the target, in the order they ended, read as recorded traffic
 * is (the same RecordedExchange a HAR gives): live judges see exactly what offline judges see. Token
 * values become stand-ins ("token#1", ...) numbered by first appearance, as in recorded traffic.
 */
export class ExchangeLog {
  private readonly list: RecordedExchange[] = [];
  private readonly standIns = new Map<string, string>();
  private view: RecordedTraffic | undefined;

  add(response: ApiResponse, startedAt: number, sent: SentToken): RecordedExchange {
    const exchange: RecordedExchange = { ...response, index: this.list.length, startedAt, token: this.token(sent) };
    this.list.push(exchange);
    this.view = undefined;
    return exchange;
  }

  get size(): number {
    return this.list.length;
  }

  /** The exchanges from position `start` on, in order (no view is built: a driver's draw reads its own this way). */
  since(start: number): readonly RecordedExchange[] {
    return this.list.slice(start);
  }

  /** The exchanges so far (a snapshot: later ones are not added to it). */
  traffic(): RecordedTraffic {
    this.view ??= recordedTraffic(this.list);
    return this.view;
  }

  private token({ placement, value, role }: SentToken): RecordedToken {
    if (value === undefined || value === '') return { header: false, query: false, body: false };
    let id = this.standIns.get(value);
    if (!id) this.standIns.set(value, (id = `token#${this.standIns.size + 1}`));
    return { header: placement === 'header', query: placement === 'query', body: placement === 'body', id, ...(role ? { role } : {}) };
  }
}
