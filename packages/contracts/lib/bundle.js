'use strict';
// Makes a document self-contained: components it borrows from another document through a
// relative file ref (e.g. `./external-v1.yaml#/components/schemas/Problem`) are copied in, with
// everything they refer to, and the refs become local. Used by the type generator and at run
// time (the gateway validates against, and serves, the bundled documents). Plain JS so the
// generator can use it before anything is compiled.

const LOCAL = '#/components/';

/**
 * @param {object} document the borrowing document (not modified)
 * @param {string} prefix the file part of the refs to localise, e.g. './external-v1.yaml'
 * @param {object} source the document the refs point into
 * @returns {object} a bundled copy
 */
function bundle(document, prefix, source) {
  const result = structuredClone(document);
  result.components = result.components ?? {};
  const external = `${prefix}${LOCAL}`;
  const pending = [];
  const copied = new Set();

  const rewrite = (node, insideBorrowed) => {
    if (Array.isArray(node)) return node.forEach((item) => rewrite(item, insideBorrowed));
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith(external)) {
      node.$ref = LOCAL + node.$ref.slice(external.length);
      pending.push(node.$ref.slice(LOCAL.length));
    } else if (insideBorrowed && typeof node.$ref === 'string' && node.$ref.startsWith(LOCAL)) {
      pending.push(node.$ref.slice(LOCAL.length));
    }
    for (const value of Object.values(node)) rewrite(value, insideBorrowed);
  };

  rewrite(result, false);
  while (pending.length > 0) {
    const path = pending.pop();
    if (copied.has(path)) continue;
    copied.add(path);
    const [kind, name] = path.split('/');
    const component = source.components?.[kind]?.[name];
    if (component === undefined) throw new Error(`${prefix} has no component ${path}`);
    const target = (result.components[kind] = result.components[kind] ?? {});
    if (target[name] !== undefined) {
      throw new Error(`Component ${path} is defined in both documents: refer to one of them`);
    }
    target[name] = structuredClone(component);
    rewrite(target[name], true);
  }
  return result;
}

module.exports = { bundle };
