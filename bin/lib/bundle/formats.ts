import type { JsonObject } from './json';
import { mapSchemaNodes } from './schema-nodes';

/**
 * The spec's own formats in standard forms (the bundle describes the real service, whose values are GMT
 * `YYYY-MM-DD HH:MM:SS` datetimes and `YYYY-MM-DD` dates, service-facts.md, Values):
 *  - `ems-date` is RFC 3339's full-date: `format: date`;
 *  - `ems-datetime` has no standard format: a `pattern`, service-facts.md's example value (which example-based
 *    mocks such as Prism answer instead of the word "string"), and the source's name kept in `x-format`.
 */
const MONTH_DAY = '(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])|(0[13-9]|1[0-2])-(29|30)|(0[13578]|1[02])-31';
const LEAP_YEAR = '[0-9]{2}(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00';
/** A calendar date (month lengths and leap years included, so that generated values are real dates), then the time. */
const SERVICE_DATETIME = `^([0-9]{4}-(${MONTH_DAY})|(${LEAP_YEAR})-02-29) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$`;

const SERVICE_DATETIME_EXAMPLE = '2013-02-12 02:42:00';

export function standardFormats(document: JsonObject): JsonObject {
  return mapSchemaNodes(document, (node) => {
    if (node.format === 'ems-date') return { ...node, format: 'date' };
    if (node.format !== 'ems-datetime') return node;
    const { format, ...rest } = node;
    return { ...rest, pattern: SERVICE_DATETIME, examples: [SERVICE_DATETIME_EXAMPLE], 'x-format': format! };
  });
}
