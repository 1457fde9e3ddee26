import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { KubeObject } from './kustomize';
import { ROOT } from './service-wiring';

export interface ManifestProblem {
  object: string;
  message: string;
}

const describeObject = (object: KubeObject) => `${object.kind}/${object.metadata?.name}`;

/** Types, formats and required fields, by the validators kubernetes-models generates from the Kubernetes OpenAPI. */
export function schemaProblems(objects: KubeObject[]): ManifestProblem[] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'kubernetes-schemas.mjs')], { input: JSON.stringify(objects), encoding: 'utf8' });
  return (JSON.parse(output) as Array<{ index: number; message: string }>).map(({ index, message }) => ({ object: describeObject(objects[index]!), message }));
}

/** apiVersion → the kubernetes-types module declaring its kinds ("v1" is the core group, "apps/v1" apps, "networking.k8s.io/v1" networking). */
function typesModule(apiVersion: string): string | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  const module = `kubernetes-types/${group!.replace(/\.k8s\.io$/, '')}/${version}`;
  return existsSync(path.join(ROOT, 'node_modules', `${module}.d.ts`)) ? module : undefined;
}

/** The standard library and kubernetes-types, parsed once for every call. */
const parsedDeclarations = new Map<string, ts.SourceFile | undefined>();

/**
 * Field names the Kubernetes API does not know. The OpenAPI lets objects carry extra properties, so
 * the validators above pass a typo such as `replica:`; TypeScript's excess-property check on the
 * kubernetes-types interfaces does not. Each object becomes a typed constant in a source file that
 * exists only in memory and is compiled with the repository's node_modules.
 */
export function unknownFieldProblems(objects: KubeObject[]): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const imports: string[] = [];
  const constants: string[] = [];
  const firstLineOf: number[] = [];
  objects.forEach((object, index) => {
    const module = typesModule(object.apiVersion);
    if (!module) {
      problems.push({ object: describeObject(object), message: `no Kubernetes types for apiVersion ${object.apiVersion}` });
      return;
    }
    imports.push(`import type { ${object.kind} as T${index} } from '${module}';`);
    constants.push(`export const object${index}: T${index} = ${JSON.stringify(object, null, 2)};`);
  });
  let line = imports.length;
  const indexes: number[] = [];
  objects.forEach((object, index) => {
    if (!typesModule(object.apiVersion)) return;
    firstLineOf.push(line);
    indexes.push(index);
    line += JSON.stringify(object, null, 2).split('\n').length;
  });
  const fileName = path.join(ROOT, 'test', 'architecture', '__rendered-manifests__.ts');
  const source = [...imports, ...constants].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es5.d.ts'],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) => {
    if (name === fileName) return ts.createSourceFile(name, source, languageVersion);
    if (!parsedDeclarations.has(name)) parsedDeclarations.set(name, getSourceFile(name, languageVersion, ...rest));
    return parsedDeclarations.get(name);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  const sourceFile = program.getSourceFile(fileName)!;
  for (const diagnostic of ts.getPreEmitDiagnostics(program, sourceFile)) {
    const at = diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line;
    const position = firstLineOf.findLastIndex((first) => first <= at);
    const object = position >= 0 ? describeObject(objects[indexes[position]!]!) : 'imports';
    problems.push({ object, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ') });
  }
  return problems;
}
