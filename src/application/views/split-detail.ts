/** A check's detail told in two parts: what the scan found, and what the detail says to do about it. */
export interface SplitDetail {
  /** The detail's sentences that say what was found, in their order; empty when every sentence is an instruction. */
  readonly found: string;
  /** The detail's instructions, each a sentence starting with its verb, in their order. */
  readonly instructions: readonly string[];
}

// The verbs Vetted's instructions start with. A clause after `: ` or `; ` starting with one of them
// is an instruction too ("robots.txt has no user-agent group: start one with ...").
const IMPERATIVES = new Set([
  'add',
  'answer',
  'declare',
  'drop',
  'encode',
  'give',
  'install',
  'keep',
  'link',
  'list',
  'make',
  'name',
  'publish',
  'put',
  'remove',
  'renew',
  'replace',
  'send',
  'serve',
  'set',
  'start',
  'use',
  'write',
]);

/**
 * Splits a check's detail, as Vetted wrote it, into what was found and what to do, keeping every
 * word and its order: a sentence that starts with an instruction verb ("Send `Vary: Accept`.") is
 * an instruction, and so is the clause after a colon or semicolon that starts with one ("...: add
 * one, such as ..."), which becomes a sentence of its own. Backtick code spans are never split.
 * A detail without instructions is all found.
 */
export function splitDetail(detail: string): SplitDetail {
  const found: string[] = [];
  const instructions: string[] = [];
  for (const sentence of sentencesOf(detail)) {
    if (isInstruction(sentence)) {
      instructions.push(sentence);
      continue;
    }
    const cut = instructionClause(sentence);
    if (cut === undefined) {
      found.push(sentence);
      continue;
    }
    found.push(`${sentence.slice(0, cut.start).trimEnd()}${endOf(sentence)}`);
    const clause = sentence.slice(cut.clause);
    instructions.push(clause.charAt(0).toUpperCase() + clause.slice(1));
  }
  return { found: found.join(' '), instructions };
}

/** The sentences of `text`: cut after `.`, `!` or `?` followed by a space and no lower-case letter, never inside a code span. */
function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') inCode = !inCode;
    if (inCode || !'.!?'.includes(c) || !/\s/.test(text[i + 1] ?? '')) continue;
    const next = text
      .slice(i + 1)
      .trimStart()
      .charAt(0);
    if (next === '' || next !== next.toUpperCase()) continue;
    sentences.push(text.slice(start, i + 1).trim());
    start = i + 1;
  }
  const rest = text.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences;
}

function isInstruction(sentence: string): boolean {
  const verb = /^([A-Z][a-z]+)\b/.exec(sentence)?.[1];
  return verb !== undefined && IMPERATIVES.has(verb.toLowerCase());
}

/** Where a `: ` or `; ` outside code spans is followed by a lower-case instruction verb, if anywhere. */
function instructionClause(sentence: string): { start: number; clause: number } | undefined {
  let inCode = false;
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i]!;
    if (c === '`') inCode = !inCode;
    if (inCode || (c !== ':' && c !== ';') || sentence[i + 1] !== ' ') continue;
    const verb = /^([a-z]+)\b/.exec(sentence.slice(i + 2))?.[1];
    if (verb !== undefined && IMPERATIVES.has(verb)) return { start: i, clause: i + 2 };
  }
  return undefined;
}

function endOf(sentence: string): string {
  return /[.!?]$/.test(sentence) ? sentence.slice(-1) : '';
}
