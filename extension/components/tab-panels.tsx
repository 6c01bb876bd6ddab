/**
 * Tabs for the popup's views, following the WAI-ARIA Authoring Practices tabs pattern:
 * arrow keys move between tabs, Home/End jump, only the selected tab is in the tab order.
 */
import { useRef } from 'preact/hooks';
import { t } from '../lib/i18n.js';

export interface Panel {
  id: string;
  label: string;
  render: () => preact.ComponentChildren;
}

export function TabPanels({
  panels,
  selected,
  onSelect,
}: {
  panels: Panel[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = panels.find((p) => p.id === selected) ?? panels[0]!;
  const onKey = (e: KeyboardEvent) => {
    const i = panels.findIndex((p) => p.id === current.id);
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % panels.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + panels.length) % panels.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? panels.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const id = panels[to]!.id;
    onSelect(id);
    refs.current[id]?.focus();
  };
  return (
    <div class="tabs">
      <div role="tablist" aria-label={t('views', 'Views')} class="tablist" onKeyDown={onKey}>
        {panels.map((p) => (
          <button
            key={p.id}
            ref={(el) => void (refs.current[p.id] = el)}
            role="tab"
            id={`tab-${p.id}`}
            type="button"
            aria-selected={p.id === current.id}
            aria-controls={`panel-${p.id}`}
            tabIndex={p.id === current.id ? 0 : -1}
            onClick={() => onSelect(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`} class="panel" tabIndex={0}>
        {current.render()}
      </div>
    </div>
  );
}
