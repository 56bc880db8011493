import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const BFF_SOURCE = path.resolve(import.meta.dirname, '../../../bff/src');
/** The one writer of a reward's state column; the transitions table it follows writes nothing. */
const WRITER = 'rewards/reward-state-writer.ts';

type WriteKind = 'insert(rewards)' | 'update(rewards).set(state)' | 'INSERT INTO rewards' | 'UPDATE rewards SET state';

interface Write {
  kind: WriteKind;
  at: string;
}

const isRewardsTable = (node: ts.Node | undefined): boolean =>
  node !== undefined && ((ts.isIdentifier(node) && node.text === 'rewards') || (ts.isPropertyAccessExpression(node) && node.name.text === 'rewards'));

/** Whether an object written to the rewards row may set `state`: by name, or by a spread the compiler cannot see into. */
function maySetState(node: ts.Expression): boolean {
  const expression = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (ts.isConditionalExpression(expression)) return maySetState(expression.whenTrue) || maySetState(expression.whenFalse);
  if (!ts.isObjectLiteralExpression(expression)) return true;
  return expression.properties.some((property) => {
    if (ts.isSpreadAssignment(property)) return maySetState(property.expression);
    const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : null);
    return name === 'state' || name === null;
  });
}

/** The SQL text of a literal, its `${…}` parts as `?`. */
function sqlText(node: ts.Node): string | null {
  if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => `?${span.literal.text}`)].join('');
  return null;
}

const RAW_UPDATE = /\bUPDATE\s+rewards\b(?:\s+(?:AS\s+)?(?!SET\b)\w+)?\s+SET\b([\s\S]*?)(?=\bWHERE\b|\bFROM\b|\bRETURNING\b|$)/gi;

/** Every write of the rewards table's state column in `source`: drizzle inserts and updates, and raw SQL. */
function stateWritesIn(fileName: string, source: string): Write[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const writes: Write[] = [];
  const at = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isRewardsTable(node.arguments[0])) {
      const method = node.expression.name.text;
      if (method === 'insert') writes.push({ kind: 'insert(rewards)', at: at(node) });
      if (method === 'update') {
        const set = node.parent;
        const call = set?.parent;
        const written = ts.isPropertyAccessExpression(set) && set.name.text === 'set' && call && ts.isCallExpression(call) ? call.arguments[0] : undefined;
        if (!written || maySetState(written)) writes.push({ kind: 'update(rewards).set(state)', at: at(node) });
      }
    }
    const text = sqlText(node);
    if (text !== null) {
      if (/\bINSERT\s+INTO\s+rewards\b/i.test(text)) writes.push({ kind: 'INSERT INTO rewards', at: at(node) });
      for (const [, assignments] of text.matchAll(RAW_UPDATE)) {
        if (/(^|[\s,(])state\s*=/i.test(assignments ?? '')) writes.push({ kind: 'UPDATE rewards SET state', at: at(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return writes;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the reward's state column", () => {
  const writes = sourceFiles(BFF_SOURCE).flatMap((file) => stateWritesIn(path.relative(BFF_SOURCE, file), readFileSync(file, 'utf8')));

  it('is written by no code of the BFF but its one writer', () => {
    expect(writes.filter((write) => !write.at.startsWith(`${WRITER}:`))).toEqual([]);
  });

  it('is written by the writer in each of the ways the check looks for (so the check sees them)', () => {
    const kinds = new Set(writes.filter((write) => write.at.startsWith(`${WRITER}:`)).map((write) => write.kind));
    expect([...kinds].sort()).toEqual(['INSERT INTO rewards', 'UPDATE rewards SET state', 'insert(rewards)', 'update(rewards).set(state)']);
  });

  it('is found written however the code writes it, and not where only other columns are', () => {
    const kinds = (source: string) => stateWritesIn('sample.ts', source).map((write) => write.kind);
    expect(kinds("db.update(rewards).set({ errorCode: null, state: 'failed' })")).toEqual(['update(rewards).set(state)']);
    expect(kinds('tx.update(schema.rewards).set({ ...patch, updatedAt })')).toEqual(['update(rewards).set(state)']);
    expect(kinds('tx.update(rewards).set(patch)')).toEqual(['update(rewards).set(state)']);
    expect(kinds("tx.insert(rewards).values(row)")).toEqual(['insert(rewards)']);
    expect(kinds('tx.execute(sql`UPDATE rewards r SET error_code = null, state = ${to} WHERE r.id = ${id}`)')).toEqual(['UPDATE rewards SET state']);
    expect(kinds("db.execute(sql.raw('insert into rewards (id, state) values (1, 2)'))")).toEqual(['INSERT INTO rewards']);
    // Only the lease, the attempts or the schedule: no state.
    expect(kinds('db.update(rewards).set({ leaseOwner: owner, ...(backedOff ? { attempts: 1 } : {}) })')).toEqual([]);
    expect(kinds("tx.execute(sql`UPDATE rewards SET lease_owner = ${owner} WHERE state = 'requested' RETURNING id`)")).toEqual([]);
    expect(kinds('tx.execute(sql`INSERT INTO reward_events (reward_id, state) SELECT id, state FROM rewards`)')).toEqual([]);
  });
});
