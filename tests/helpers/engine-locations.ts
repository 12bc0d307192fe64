/**
 * The locations the engine's source gives its findings, read with the TypeScript parser: the
 * location argument of `finding(...)` and `keptFinding(...)`, the argument any engine function
 * takes as its `location` or `where` (`exifFindings(tiff, 'APP1 EXIF')`, `relocated(f, where)`),
 * and `location`/`where` properties. A template literal's expressions become `{name}`; both sides
 * of a `?:` are read. Locations made by a function call are not followed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { SourceLabel } from './engine-labels';

const ENGINE = resolve('workers/engine');

function engineFiles(dir = ENGINE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return engineFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

const FINDING_CALL = /(^|\.)(finding|keptFinding)$/;
const LOCATION_NAME = new Set(['location', 'where']);
const LOCATION_CONSTANT = /^[A-Z_]*(LOCATION|WHERE)[A-Z_]*$/;

/** The texts an expression can be: literals, templates with `{name}` holes, both branches. */
function textsOf(
  node: ts.Expression,
  constants: ReadonlyMap<string, ts.Expression>,
  depth = 0,
): string[] {
  if (depth > 4) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return [node.text];
  if (ts.isTemplateExpression(node))
    return [
      node.head.text +
        node.templateSpans.map((s) => `{name}${s.literal.text}`).join(''),
    ];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
    return textsOf(node.expression, constants, depth + 1);
  if (ts.isConditionalExpression(node))
    return [
      ...textsOf(node.whenTrue, constants, depth + 1),
      ...textsOf(node.whenFalse, constants, depth + 1),
    ];
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
  )
    return [
      ...textsOf(node.left, constants, depth + 1),
      ...textsOf(node.right, constants, depth + 1),
    ];
  if (ts.isIdentifier(node) && LOCATION_CONSTANT.test(node.text)) {
    const value = constants.get(node.text);
    return value ? textsOf(value, constants, depth + 1) : [];
  }
  return [];
}

/**
 * A file's functions that take a location: their name and that parameter's position, or -1 for a
 * function that takes none (so a file's own `refuse(reason)` is not read as another's).
 */
function locationParameters(sf: ts.SourceFile): Map<string, number> {
  const found = new Map<string, number>();
  const record = (
    name: string,
    params: ts.NodeArray<ts.ParameterDeclaration>,
  ) => {
    found.set(
      name,
      params.findIndex(
        (p) => ts.isIdentifier(p.name) && LOCATION_NAME.has(p.name.text),
      ),
    );
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name)
      record(node.name.text, node.parameters);
    if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name))
      record(node.name.text, node.parameters);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) ||
        ts.isFunctionExpression(node.initializer))
    )
      record(node.name.text, node.initializer.parameters);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The top-level constants of a file. */
function constantsOf(sf: ts.SourceFile): Map<string, ts.Expression> {
  const found = new Map<string, ts.Expression>();
  for (const statement of sf.statements)
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer)
          found.set(d.name.text, d.initializer);
  return found;
}

/** Every location the engine's source writes, with where. */
export function engineSourceLocations(): SourceLabel[] {
  const sources = engineFiles().map((path) =>
    ts.createSourceFile(
      path,
      readFileSync(path, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    ),
  );
  // A file's own constants and functions first, then those it may import from any other.
  const shared = new Map<string, ts.Expression>();
  const sharedParams = new Map<string, number>();
  for (const sf of sources) {
    for (const [k, v] of constantsOf(sf)) shared.set(k, v);
    for (const [k, v] of locationParameters(sf))
      if (v >= 0) sharedParams.set(k, v);
  }

  const found: SourceLabel[] = [];
  for (const sf of sources) {
    const constants = new Map([...shared, ...constantsOf(sf)]);
    const params = new Map([...sharedParams, ...locationParameters(sf)]);
    const add = (node: ts.Expression) => {
      const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const at = `${relative(ENGINE, sf.fileName)}:${line}`;
      for (const text of textsOf(node, constants)) found.push({ text, at });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(sf);
        if (FINDING_CALL.test(callee)) {
          if (node.arguments[2]) add(node.arguments[2]);
        } else {
          const name = callee.replace(/^.*\./, '');
          const index = params.get(name) ?? -1;
          if (index >= 0 && node.arguments[index]) add(node.arguments[index]);
        }
      }
      if (
        (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) &&
        ts.isIdentifier(node.name) &&
        (LOCATION_NAME.has(node.name.text) ||
          LOCATION_CONSTANT.test(node.name.text)) &&
        node.initializer
      )
        add(node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}
