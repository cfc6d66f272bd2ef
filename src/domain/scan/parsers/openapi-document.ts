import { parseDocument } from 'yaml';
import { isRecord, looksLikeHtml, parseJsonText, stringOrNull, stripBom } from './text-helpers.js';

type OpenApiErrorCode = 'EMPTY' | 'TOO_LARGE' | 'HTML' | 'INVALID_JSON' | 'INVALID_YAML' | 'NOT_AN_OBJECT' | 'NOT_OPENAPI' | 'UNSUPPORTED_VERSION' | 'NO_TITLE';

export interface OpenApiDocument {
  /** True for an OpenAPI 3.x or Swagger 2.0 document with `info.title`. */
  readonly valid: boolean;
  readonly format: 'json' | 'yaml' | null;
  readonly family: 'openapi' | 'swagger' | null;
  /** The `openapi` or `swagger` value as a string (`3.1.0`, `2.0`). */
  readonly specVersion: string | null;
  readonly title: string | null;
  /** `info.version`: the API's own version. */
  readonly apiVersion: string | null;
  readonly pathCount: number;
  /** HTTP operations under `paths`, counted in the first MAX_PATHS_COUNTED paths. */
  readonly operationCount: number;
  readonly errors: readonly OpenApiErrorCode[];
  /** `NO_PATHS` is only a warning: OpenAPI 3.1 allows webhooks or components alone. */
  readonly warnings: readonly 'NO_PATHS'[];
}

const MAX_OPENAPI_JSON_CHARS = 8 * 1024 * 1024;
const MAX_OPENAPI_YAML_CHARS = 2 * 1024 * 1024;
const MAX_PATHS_COUNTED = 10_000;
const MAX_ALIASES = 1_000;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Reads an OpenAPI 3.x or Swagger 2.0 description, JSON (when it starts with `{`) or YAML
 * (alias expansion bounded). Never throws: unreadable input, another kind of document, another
 * spec version or a missing `info.title` give `valid: false` with the matching error code.
 */
export function parseOpenApiDocument(text: string): OpenApiDocument {
  const clean = stripBom(text);
  const format = clean.trimStart().startsWith('{') ? 'json' : 'yaml';
  const read = format === 'json' ? readJson(clean) : readYaml(clean);
  if (!read.ok) return failed(read.error === 'EMPTY' || read.error === 'HTML' ? null : format, read.error);
  const doc = read.value;
  if (!isRecord(doc)) return failed(format, 'NOT_AN_OBJECT');

  const openapi = versionString(doc['openapi']);
  const swagger = versionString(doc['swagger']);
  const family = openapi !== null ? 'openapi' : swagger !== null ? 'swagger' : null;
  const specVersion = openapi ?? swagger;
  const info = isRecord(doc['info']) ? doc['info'] : {};
  const title = stringOrNull(info['title'], 300);
  const paths = isRecord(doc['paths']) ? doc['paths'] : {};
  const pathKeys = Object.keys(paths);
  let operationCount = 0;
  for (const key of pathKeys.slice(0, MAX_PATHS_COUNTED)) {
    const item = paths[key];
    if (isRecord(item)) operationCount += Object.keys(item).filter((k) => METHODS.has(k)).length;
  }

  const errors: OpenApiErrorCode[] = [];
  if (family === null) errors.push('NOT_OPENAPI');
  else if (family === 'openapi' ? !/^3\.\d+(?:\.\d+)?$/.test(specVersion ?? '') : specVersion !== '2.0') errors.push('UNSUPPORTED_VERSION');
  if (family !== null && title === null) errors.push('NO_TITLE');
  return {
    valid: errors.length === 0,
    format,
    family,
    specVersion,
    title,
    apiVersion: stringOrNull(info['version'], 100) ?? (typeof info['version'] === 'number' ? String(info['version']) : null),
    pathCount: pathKeys.length,
    operationCount,
    errors,
    warnings: family !== null && pathKeys.length === 0 ? ['NO_PATHS'] : [],
  };
}

type ReadResult = { ok: true; value: unknown } | { ok: false; error: OpenApiErrorCode };

function readJson(text: string): ReadResult {
  return parseJsonText(text, MAX_OPENAPI_JSON_CHARS);
}

function readYaml(text: string): ReadResult {
  if (text.length > MAX_OPENAPI_YAML_CHARS) return { ok: false, error: 'TOO_LARGE' };
  if (text.trim() === '') return { ok: false, error: 'EMPTY' };
  if (looksLikeHtml(text)) return { ok: false, error: 'HTML' };
  try {
    const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
    if (doc.errors.length > 0) return { ok: false, error: 'INVALID_YAML' };
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIASES }) as unknown };
  } catch {
    return { ok: false, error: 'INVALID_YAML' };
  }
}

// Unquoted YAML turns `swagger: 2.0` into the number 2 and `openapi: 3.0` into 3.
function versionString(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Number.isInteger(value) ? value.toFixed(1) : String(value);
  return stringOrNull(value, 50);
}

function failed(format: 'json' | 'yaml' | null, error: OpenApiErrorCode): OpenApiDocument {
  return {
    valid: false,
    format,
    family: null,
    specVersion: null,
    title: null,
    apiVersion: null,
    pathCount: 0,
    operationCount: 0,
    errors: [error],
    warnings: [],
  };
}
