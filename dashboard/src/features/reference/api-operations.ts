import type { OperationObject, ParameterObject, PublicApiDocument, ReferenceObject, RequestBodyObject, ResponseObject, SchemaObject } from '../../../../bff/src/public-types.ts';

/** One field of a body or one parameter, as the reference lists it: `reward.requestedBy.id`, its type, and the rules on it. */
export interface ApiField {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  /** What a value must be, in words: "1–200 characters", "one of: a, b", "default 50". */
  rules: string[];
}

export interface ApiParameter extends ApiField {
  location: ParameterObject['in'];
}

export interface ApiBody {
  mediaType: string;
  /** The named schema of the body (a component), when it has one. */
  schemaName: string | null;
  fields: ApiField[];
}

export interface ApiResponse {
  status: string;
  description: string;
  body: ApiBody | null;
}

export interface ApiOperation {
  /** The operation's id: its anchor on the page. */
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string | null;
  /** The API-key scopes it needs (from its security requirement). */
  scopes: string[];
  parameters: ApiParameter[];
  requestBody: (ApiBody & { required: boolean }) | null;
  responses: ApiResponse[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;
/** Nesting shown of a body's fields: deeper than any of this API's answers, and a stop for recursive schemas. */
const MAX_FIELD_DEPTH = 6;

type Schema = SchemaObject | ReferenceObject;
type Method = (typeof METHODS)[number];

const isMethod = (key: string): key is Method => (METHODS as readonly string[]).includes(key);

const isReference = (value: object): value is ReferenceObject => '$ref' in value && typeof value.$ref === 'string';

/** The document read as the page lists it: each operation, in the document's order (of paths, then of methods). */
export function operationsOf(document: PublicApiDocument): ApiOperation[] {
  const resolve = resolverOf(document);
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item)
      .filter(isMethod)
      .flatMap((method) => {
        const operation: OperationObject | undefined = item[method];
        return operation ? [operationView(path, method, operation, resolve)] : [];
      }),
  );
}

/** The name of a schema that refers to a component, else null. */
function schemaNameOf(schema: Schema | undefined): string | null {
  return schema && isReference(schema) ? (SCHEMA_REF.exec(schema.$ref)?.[1] ?? null) : null;
}

interface Resolver {
  schema(schema: Schema): SchemaObject;
  parameter(parameter: ParameterObject | ReferenceObject): ParameterObject | null;
  requestBody(body: RequestBodyObject | ReferenceObject): RequestBodyObject | null;
  response(response: ResponseObject | ReferenceObject): ResponseObject | null;
}

/** Follows the document's own references (`#/components/…`); anything else reads as nothing known. */
function resolverOf(document: PublicApiDocument): Resolver {
  const components = document.components ?? {};
  const named = <T extends object>(table: Record<string, T | ReferenceObject> | undefined, kind: string, ref: string, seen = new Set<string>()): T | null => {
    const name = new RegExp(`^#/components/${kind}/(.+)$`).exec(ref)?.[1];
    const found = name === undefined ? undefined : table?.[name];
    if (!found || seen.has(ref)) return null;
    return isReference(found) ? named(table, kind, found.$ref, new Set([...seen, ref])) : found;
  };
  return {
    schema: (schema) => (isReference(schema) ? (named(components.schemas, 'schemas', schema.$ref) ?? {}) : schema),
    parameter: (parameter) => (isReference(parameter) ? named(components.parameters, 'parameters', parameter.$ref) : parameter),
    requestBody: (body) => (isReference(body) ? named(components.requestBodies, 'requestBodies', body.$ref) : body),
    response: (response) => (isReference(response) ? named(components.responses, 'responses', response.$ref) : response),
  };
}

function operationView(path: string, method: Method, operation: OperationObject, resolve: Resolver): ApiOperation {
  const parameters = (operation.parameters ?? []).flatMap((parameter) => {
    const resolved = resolve.parameter(parameter);
    if (!resolved) return [];
    const schema = resolved.schema ? resolve.schema(resolved.schema) : {};
    return [
      {
        name: resolved.name,
        location: resolved.in,
        type: typeOf(resolved.schema ?? {}),
        required: resolved.required ?? false,
        description: resolved.description ?? schema.description ?? null,
        rules: rulesOf(schema),
      },
    ];
  });
  const requestBody = operation.requestBody ? resolve.requestBody(operation.requestBody) : null;
  const responses = Object.entries(operation.responses ?? {}).flatMap(([status, answer]: [string, ResponseObject | ReferenceObject]) => {
    const response = resolve.response(answer);
    return response ? [{ status, description: response.description, body: bodyOf(response.content, resolve) }] : [];
  });
  const body = requestBody ? bodyOf(requestBody.content, resolve) : null;
  return {
    id: operation.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    tag: operation.tags?.[0] ?? 'Other',
    summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
    description: operation.description ?? null,
    scopes: (operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat()),
    parameters,
    requestBody: body && requestBody ? { ...body, required: requestBody.required ?? false } : null,
    responses,
  };
}

function bodyOf(content: RequestBodyObject['content'] | undefined, resolve: Resolver): ApiBody | null {
  const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
  if (!mediaType || !media) return null;
  return { mediaType, schemaName: schemaNameOf(media.schema), fields: media.schema ? fieldsOf(resolve.schema(media.schema), resolve) : [] };
}

/** An object's fields, and the fields of the objects inside it, as dotted names (`items[].id` for an array's items). */
function fieldsOf(schema: SchemaObject, resolve: Resolver, prefix = '', depth = 0): ApiField[] {
  if (depth >= MAX_FIELD_DEPTH) return [];
  const object = objectPartOf(schema, resolve);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([key, property]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const resolved = resolve.schema(property);
    const field: ApiField = { name, type: typeOf(property), required: required.has(key), description: resolved.description ?? null, rules: rulesOf(resolved) };
    const items = resolved.items ? resolve.schema(resolved.items) : null;
    const inner = items ? fieldsOf(items, resolve, `${name}[]`, depth + 1) : fieldsOf(resolved, resolve, name, depth + 1);
    return [field, ...inner];
  });
}

/** The object a schema describes, itself or the one non-null choice of a nullable one (`Reward | null`). */
function objectPartOf(schema: SchemaObject, resolve: Resolver): SchemaObject | null {
  if (schema.properties) return schema;
  const choices = (schema.anyOf ?? schema.oneOf ?? []).map((choice) => resolve.schema(choice)).filter((choice) => choice.type !== 'null');
  return choices.length === 1 && choices[0] ? objectPartOf(choices[0], resolve) : null;
}

/** A type in a few words: `string (uuid)`, `integer`, `string | null`, `Reward`, `string[]`. */
function typeOf(schema: Schema): string {
  const name = schemaNameOf(schema);
  if (name) return name;
  const plain = schema as SchemaObject;
  if (plain.const !== undefined) return JSON.stringify(plain.const);
  const choices = plain.anyOf ?? plain.oneOf;
  if (choices) return [...new Set(choices.map((choice) => typeOf(choice)))].join(' | ');
  const types = Array.isArray(plain.type) ? plain.type : plain.type ? [plain.type] : [];
  if (types.length === 0) return plain.properties ? 'object' : 'any';
  return types
    .map((type) => {
      if (type === 'array') return `${plain.items ? typeOf(plain.items) : 'any'}[]`;
      return type === 'string' && plain.format ? `string (${plain.format})` : type;
    })
    .join(' | ');
}

const count = (noun: string, min: number | undefined, max: number | undefined): string | null => {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min} ${noun}` : `${min}–${max} ${noun}`;
  if (min !== undefined) return `at least ${min} ${noun}`;
  if (max !== undefined) return `at most ${max} ${noun}`;
  return null;
};

/** What a value must be, in words. */
function rulesOf(schema: SchemaObject): string[] {
  const range =
    schema.minimum !== undefined && schema.maximum !== undefined
      ? `from ${schema.minimum} to ${schema.maximum}`
      : schema.minimum !== undefined
        ? `at least ${schema.minimum}`
        : schema.maximum !== undefined
          ? `at most ${schema.maximum}`
          : null;
  const rules = [
    count('characters', schema.minLength, schema.maxLength),
    count('items', schema.minItems, schema.maxItems),
    range,
    schema.enum ? `one of: ${schema.enum.map((value: unknown) => String(value)).join(', ')}` : null,
    schema.pattern ? `matches ${schema.pattern}` : null,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : null,
    schema.example !== undefined ? `e.g. ${JSON.stringify(schema.example)}` : null,
  ];
  return rules.filter((rule): rule is string => rule !== null);
}
