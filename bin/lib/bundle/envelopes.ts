import { isObject, type Json, type JsonObject } from './json';

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** The name of the payload schema an envelope branch carries in `data`, when it is a component. */
function payloadName(branch: Json): string | undefined {
  if (!isObject(branch) || !isObject(branch.properties) || !isObject(branch.properties.data)) return undefined;
  const ref = branch.properties.data.$ref;
  return typeof ref === 'string' ? SCHEMA_REF.exec(ref)?.[1] : undefined;
}

/**
 * Each response's envelope, once flattened, is `oneOf: [ServiceFailure, {success envelope with data: <Payload>}]`.
 * The success branch becomes a named schema `<Payload>Success` (the concrete envelope of that operation), listed
 * first so that a mock that answers from the first branch (Prism) answers a success; the failure branch stays.
 */
export function nameSuccessEnvelopes(document: JsonObject): JsonObject {
  const components = document.components as JsonObject;
  const schemas = { ...(components.schemas as JsonObject) };
  const responses: JsonObject = {};
  for (const [name, response] of Object.entries(components.responses as JsonObject)) {
    responses[name] = isObject(response) && isObject(response.content) ? { ...response, content: mapContent(response.content, schemas) } : response;
  }
  return { ...document, components: { ...components, responses, schemas } };
}

function mapContent(content: JsonObject, schemas: JsonObject): JsonObject {
  const mapped: JsonObject = {};
  for (const [mediaType, media] of Object.entries(content)) {
    const schema = isObject(media) ? media.schema : undefined;
    if (!isObject(media) || !isObject(schema) || !Array.isArray(schema.oneOf)) {
      mapped[mediaType] = media;
      continue;
    }
    const branches = schema.oneOf.map((branch): Json => {
      const payload = payloadName(branch);
      if (payload === undefined) return branch;
      const name = `${payload}Success`;
      if (name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(branch)) throw new Error(`two success envelopes named ${name}`);
      schemas[name] = branch;
      return { $ref: `#/components/schemas/${name}` };
    });
    const successFirst = [...branches.filter((branch) => !isFailure(branch)), ...branches.filter(isFailure)];
    mapped[mediaType] = { ...media, schema: { ...schema, oneOf: successFirst } };
  }
  return mapped;
}

function isFailure(branch: Json): boolean {
  return isObject(branch) && branch.$ref === '#/components/schemas/ServiceFailure';
}
