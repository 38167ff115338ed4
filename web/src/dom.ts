// A small helper to build elements: tag, attributes, children.

type Child = Node | string | undefined | false;

/** An element with attributes (`class`, `data-*`, `aria-*`, …) and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** A button whose access key is shown: the letter `key` in its label is marked. */
export function keyButton(label: string, key: string, action: string): HTMLButtonElement {
  const button = element('button', { type: 'button', 'data-action': action, 'aria-keyshortcuts': key });
  const at = label.toLowerCase().indexOf(key.toLowerCase());
  if (at < 0) {
    button.append(label, ' ', element('kbd', {}, key));
  } else {
    button.append(label.slice(0, at), element('kbd', {}, label.slice(at, at + 1)),
      label.slice(at + 1));
  }
  return button;
}
