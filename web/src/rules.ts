// The rules screen: the project's docs/RULES.md, rendered to HTML when the page is built
// and kept in the page in a <template id="rules-text">.
import { element, keyButton } from './dom';

export function renderRules(): HTMLElement {
  const template = document.getElementById('rules-text');
  const text = element('article', { class: 'rules-text' });
  if (template instanceof HTMLTemplateElement) text.append(template.content.cloneNode(true));
  return element('main', { class: 'screen rules', 'aria-label': 'Rules' },
    element('nav', { class: 'bar' }, keyButton('Back', 'B', 'back')),
    text);
}
