/**
 * Content an OpenDocument holds but does not show (OASIS OpenDocument 1.3, part 3): hidden sheets,
 * rows and columns, hidden slides, hidden paragraphs, sections and text, hidden variables, and
 * user fields. It is part of the document, so it is kept, and reported for review: the visitor
 * should look at it before sharing. A user field no part refers to is shown nowhere: it goes.
 */
import { finding, FindingCounts, type Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  XmlEdits,
  type XmlElement,
} from '../../shared/xml';

/** Style families whose properties can hide what uses them: tables, text, paragraphs, slides. */
const HIDING_PROPERTIES: Record<
  string,
  [property: string, attr: string, value: string]
> = {
  table: ['style:table-properties', 'table:display', 'false'],
  text: ['style:text-properties', 'text:display', 'none'],
  paragraph: ['style:text-properties', 'text:display', 'none'],
  'drawing-page': [
    'style:drawing-page-properties',
    'presentation:visibility',
    'hidden',
  ],
};
/** A row's or column's `table:visibility`: collapsed or filtered out. */
const HIDDEN_VISIBILITY = new Set(['collapse', 'filter']);

const raw = (el: XmlElement, name: string) =>
  decodeEntities(attribute(el, name)?.raw ?? '');

export interface HiddenOptions {
  /** How many times a user field's name occurs in the document's content and styles. */
  readonly userFieldUses: (name: string) => number;
}

export class HiddenContent {
  private readonly hidingStyles = new Set<string>();
  private readonly counts = new FindingCounts();
  private readonly named: Finding[] = [];
  private readonly removed: Finding[] = [];

  constructor(
    private readonly part: string,
    private readonly edits: XmlEdits,
    private readonly options: HiddenOptions,
  ) {}

  open(el: XmlElement): void {
    const [property, attr, value] =
      el.parent?.name === 'style:style'
        ? (HIDING_PROPERTIES[raw(el.parent, 'style:family')] ?? [])
        : [];
    if (el.name === property && raw(el, attr!) === value)
      this.hidingStyles.add(
        `${raw(el.parent!, 'style:family')}/${raw(el.parent!, 'style:name')}`,
      );
    const style = (
      family: string,
      attrName = `${el.name.split(':')[0]}:style-name`,
    ) => this.hidingStyles.has(`${family}/${raw(el, attrName)}`);
    switch (el.name) {
      case 'table:table':
        if (style('table')) this.review('hidden sheet', raw(el, 'table:name'));
        break;
      case 'table:table-row':
      case 'table:table-column':
        if (HIDDEN_VISIBILITY.has(raw(el, 'table:visibility')))
          this.counts.add(
            el.name === 'table:table-row' ? 'hidden row' : 'hidden column',
          );
        break;
      case 'draw:page':
        if (style('drawing-page'))
          this.review('hidden slide', raw(el, 'draw:name'));
        break;
      case 'text:section': {
        const display = raw(el, 'text:display');
        if (display === 'none' || display === 'condition')
          this.review('hidden section', raw(el, 'text:name'));
        break;
      }
      case 'text:hidden-paragraph':
        this.counts.add('hidden paragraph');
        break;
      case 'text:hidden-text':
        this.review('hidden text', raw(el, 'text:string-value'));
        break;
      case 'text:p':
      case 'text:h':
        if (style('paragraph')) this.counts.add('hidden text');
        break;
      case 'text:span':
        if (style('text')) this.counts.add('hidden text');
        break;
      case 'text:variable-set':
        if (raw(el, 'text:display') === 'none')
          this.review(
            'hidden variable',
            `${raw(el, 'text:name')}=${fieldValue(el)}`,
          );
        break;
    }
  }

  close(el: XmlElement): void {
    if (el.name !== 'text:user-field-decl') return;
    const name = raw(el, 'text:name');
    const entry = `${name}=${fieldValue(el)}`;
    // The declaration names the field once; any other occurrence is a use or a condition.
    if (this.options.userFieldUses(attribute(el, 'text:name')?.raw ?? '') > 1)
      this.review('user field', entry);
    else {
      this.edits.remove(el.start, el.end);
      this.removed.push(finding('other.data', 'user field', this.part, entry));
    }
  }

  findings(): Finding[] {
    return [
      ...this.removed,
      ...this.named,
      ...this.counts.findings('document.content', this.part, 'review'),
    ];
  }

  private review(label: string, value: string): void {
    this.named.push(
      finding(
        'document.content',
        label,
        this.part,
        value || undefined,
        'review',
      ),
    );
  }
}

/** A field's value (the `office:*-value` attributes): a string, number, date, time or boolean. */
function fieldValue(el: XmlElement): string {
  for (const name of [
    'office:string-value',
    'office:value',
    'office:date-value',
    'office:time-value',
    'office:boolean-value',
  ]) {
    const a = attribute(el, name);
    if (a) return decodeEntities(a.raw);
  }
  return '';
}
