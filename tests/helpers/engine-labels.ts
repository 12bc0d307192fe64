/**
 * The labels the engine's source gives its findings, read with the TypeScript parser: the label
 * argument of `finding(...)` and `keptFinding(...)`, what is counted into a `FindingCounts`, the
 * `label`, `review` and `description` of the tables producers read them from, and the constants
 * those name. A template literal's expressions become `{name}`; both sides of a `?:` or `||` are
 * read. Labels made by a function call are not followed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ENGINE = resolve('workers/engine');

export interface SourceLabel {
  readonly text: string;
  /** `path:line` in the engine. */
  readonly at: string;
}

function engineFiles(dir = ENGINE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return engineFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

const FINDING_CALL = /(^|\.)(finding|keptFinding)$/;
/** The receivers that count labels into a `FindingCounts` (`review.add('hidden slide')`). */
const COUNTS_RECEIVER = /(^|\.)(counts|review|removed)$/;
const LABEL_PROPERTY = new Set(['label', 'review', 'description']);
const LABEL_CONSTANT = /label/i;

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
  if (ts.isParenthesizedExpression(node))
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
    return textsOf(node.right, constants, depth + 1);
  if (ts.isIdentifier(node)) {
    const value = constants.get(node.text);
    return value ? textsOf(value, constants, depth + 1) : [];
  }
  return [];
}

/**
 * The file's own functions that take a label (`note(label, count)`, `telemetry(description)`):
 * their name and the position of that parameter, so a call's argument there is read too.
 */
function labelParameters(sf: ts.SourceFile): Map<string, number> {
  const found = new Map<string, number>();
  const record = (
    name: string,
    params: ts.NodeArray<ts.ParameterDeclaration>,
  ) => {
    const index = params.findIndex(
      (p) => ts.isIdentifier(p.name) && LABEL_PROPERTY.has(p.name.text),
    );
    if (index >= 0) found.set(name, index);
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

/** Every label the engine's source writes, with where. */
export function engineSourceLabels(): SourceLabel[] {
  const sources = engineFiles().map((path) =>
    ts.createSourceFile(
      path,
      readFileSync(path, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    ),
  );
  // Top-level constants of every file, so an imported `TRACKED_CHANGES` is read too.
  const constants = new Map<string, ts.Expression>();
  for (const sf of sources)
    for (const statement of sf.statements)
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.initializer)
            constants.set(d.name.text, d.initializer);

  const found: SourceLabel[] = [];
  for (const sf of sources) {
    const labelParams = labelParameters(sf);
    const add = (node: ts.Expression) => {
      const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const at = `${relative(ENGINE, sf.fileName)}:${line}`;
      for (const text of textsOf(node, constants)) found.push({ text, at });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(sf);
        if (FINDING_CALL.test(callee) && node.arguments[1])
          add(node.arguments[1]);
        const name = callee.replace(/^this\./, '');
        const index = labelParams.get(name);
        if (index !== undefined && node.arguments[index])
          add(node.arguments[index]);
        if (
          ts.isPropertyAccessExpression(node.expression) &&
          node.expression.name.text === 'add' &&
          COUNTS_RECEIVER.test(node.expression.expression.getText(sf)) &&
          node.arguments[0]
        )
          add(node.arguments[0]);
      }
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        LABEL_PROPERTY.has(node.name.text)
      )
        add(node.initializer);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        LABEL_CONSTANT.test(node.name.text) &&
        node.initializer
      )
        add(node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}
