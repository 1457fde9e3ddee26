import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** What a fault did to the points: every fault test asserts expected = seen, lost = 0, double = 0. */
export interface FaultFigures {
  fault: string;
  expected: number;
  seen: number;
  /** Points owed to users whose total came out short. */
  lost: number;
  /** Points beyond what users were owed. */
  double: number;
}

/** Compares the points each user is owed with what a board (or the ledger) shows them. */
export function faultFigures(fault: string, expected: ReadonlyMap<string, number>, seen: ReadonlyMap<string, number>): FaultFigures {
  let lost = 0;
  let double = 0;
  let expectedTotal = 0;
  let seenTotal = 0;
  for (const [user, owed] of expected) {
    const got = seen.get(user) ?? 0;
    expectedTotal += owed;
    seenTotal += got;
    if (got < owed) lost += owed - got;
    if (got > owed) double += got - owed;
  }
  return { fault, expected: expectedTotal, seen: seenTotal, lost, double };
}

const TABLE = path.resolve(__dirname, '../../../artifacts/fault-table.jsonl');

/** Keeps each fault's figures for the closing note's table (artifacts/fault-table.jsonl, one JSON line each). */
export function recordFaultFigures(figures: FaultFigures): FaultFigures {
  mkdirSync(path.dirname(TABLE), { recursive: true });
  appendFileSync(TABLE, `${JSON.stringify({ ...figures, at: new Date().toISOString() })}\n`);
  return figures;
}
