import { summarizeError } from './error-summary.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SENSITIVE_FIELD = /authorization|cookie|password|secret|seed|token|session|api_?key/i;
const REDACTED = '[redacted]';

export interface LoggerOptions {
  level: LogLevel | 'silent';
  /** Values that must never appear in a log line (server key, wallet seed), wherever they hide. */
  secrets?: readonly string[];
  write?: (line: string) => void;
}

/** Structured JSON-lines logger that drops sensitive fields and scrubs known secret values. */
export function createLogger({ level, secrets = [], write = (line) => process.stdout.write(`${line}\n`) }: LoggerOptions): Logger {
  const threshold = level === 'silent' ? Infinity : LEVELS[level];
  const scrubbed = secrets.filter((secret) => secret.length >= 8);
  const emit = (lineLevel: LogLevel, message: string, fields: LogFields = {}) => {
    if (LEVELS[lineLevel] < threshold) return;
    let line = JSON.stringify({ time: new Date().toISOString(), level: lineLevel, msg: message, ...fields }, redactField);
    for (const secret of scrubbed) line = line.replaceAll(secret, REDACTED);
    write(line);
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

function redactField(key: string, value: unknown): unknown {
  if (key !== '' && SENSITIVE_FIELD.test(key) && value !== null && typeof value !== 'boolean') return REDACTED;
  if (value instanceof Error) return summarizeError(value);
  return value;
}
