const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A schema, table or column name that kit writes into SQL text (names cannot be bound as
 * parameters): lower-case identifiers only, so no name ever needs quoting or escaping.
 */
export function sqlName(name: string, kind: 'schema' | 'table' | 'column'): string {
  if (!SQL_NAME.test(name)) throw new Error(`Bad ${kind} name: ${name}`);
  return name;
}
