// Validates Kubernetes objects (a JSON array on stdin) with kubernetes-models' validators, generated from
// the Kubernetes OpenAPI: types, formats, required fields. Prints a JSON array of problems
// ({ index, message }). An ES module run apart, because kubernetes-models ships only as ES modules,
// which jest's CommonJS transform cannot load.
import { readFileSync } from 'node:fs';

const objects = JSON.parse(readFileSync(0, 'utf8'));
const problems = [];
for (const [index, object] of objects.entries()) {
  const group = String(object.apiVersion ?? '');
  let models;
  try {
    models = await import(`kubernetes-models/${group}`);
  } catch {
    problems.push({ index, message: `apiVersion ${group} is not a Kubernetes API` });
    continue;
  }
  const Model = models[object.kind];
  if (typeof Model !== 'function') {
    problems.push({ index, message: `${group} has no kind ${object.kind}` });
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    const details = (error.errors ?? []).map((detail) => `${detail.instancePath || '/'} ${detail.message}`);
    problems.push({ index, message: details.length > 0 ? details.join('; ') : String(error.message) });
  }
}
process.stdout.write(JSON.stringify(problems));
