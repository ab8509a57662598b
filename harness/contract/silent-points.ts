import { resolve } from 'node:path';
import type { SilentPoint, SilentPointCatalogue } from '../types';
import { readParsedYaml } from './parsed-cache';
import { repoPath } from './repo-path';
import { findRule } from './rules';

export const DEFAULT_SILENT_POINTS_PATH = repoPath('spec/silent-points.yaml');

const loaded = new Map<string, SilentPointCatalogue>();
let byId: Map<string, SilentPoint> | undefined;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** What is wrong with a parsed catalogue: its shape, duplicate IDs, unknown rules, mock readings that are no reading. */
export function silentPointProblems(catalogue: unknown): string[] {
  const points = (catalogue as { points?: unknown })?.points;
  if (!Array.isArray(points)) return ['no `points` list'];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of points.entries()) {
    const point = raw as Partial<SilentPoint>;
    const where = isText(point.id) ? point.id : `points[${index}]`;
    if (!isText(point.id) || !/^[a-z]+(\.[a-zA-Z0-9-]+)+$/.test(point.id)) problems.push(`${where}: id must read <area>.<what>`);
    else if (seen.has(point.id)) problems.push(`duplicate point ID ${point.id}`);
    if (isText(point.id)) seen.add(point.id);
    if (!isText(point.question)) problems.push(`${where}: no question`);
    if (!isText(point.open)) problems.push(`${where}: no "open" (the sentence or "not shown" that leaves it open)`);
    const readings = point.readings && typeof point.readings === 'object' ? Object.entries(point.readings) : [];
    if (readings.length < 2 || readings.some(([, says]) => !isText(says))) problems.push(`${where}: needs two readings or more, each with what it says`);
    if (!Array.isArray(point.judges)) problems.push(`${where}: no judges list`);
    else {
      for (const rule of point.judges) if (!findRule(rule)) problems.push(`${where}: judges names ${rule}, no rule of spec/rules.yaml`);
      if (point.judges.length === 0 && !isText(point.met)) problems.push(`${where}: no judge meets it and "met" does not say why`);
    }
    for (const [side, reading] of Object.entries(point.mock ?? {})) {
      if (!point.readings || !(reading in point.readings)) problems.push(`${where}: mock ${side} reading "${reading}" is no reading of the point`);
    }
  }
  return problems;
}

/** The silent-point catalogue (default spec/silent-points.yaml), checked, parsed once per path. */
export function loadSilentPoints(path: string = DEFAULT_SILENT_POINTS_PATH): SilentPointCatalogue {
  const file = resolve(path);
  const cached = loaded.get(file);
  if (cached) return cached;
  const catalogue = readParsedYaml(file, {
    salt: 'silent-points/1',
    accept: (value: unknown) => {
      const problems = silentPointProblems(value);
      if (problems.length > 0) throw new Error(`silent-point catalogue ${path}: ${problems.join('; ')}`);
      return value as SilentPointCatalogue;
    },
  });
  loaded.set(file, catalogue);
  return catalogue;
}

/** The point of the default catalogue with this ID; throws on an unknown ID, so a judge naming a point that is not catalogued is loud. */
export function silentPoint(id: string): SilentPoint {
  byId ??= new Map(loadSilentPoints().points.map((point) => [point.id, point]));
  const point = byId.get(id);
  if (!point) throw new Error(`"${id}" is no point of spec/silent-points.yaml`);
  return point;
}
