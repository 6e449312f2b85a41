import { createContext, useContext, useState, type ReactNode } from 'react';
import { Kbd, Modal } from '../components/ui';
import { useShortcut } from '../platform/keyboard';
import styles from './shortcuts.module.css';
import textStyles from '../components/text.module.css';

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['/'], what: 'Search sessions' },
  { keys: ['j'], what: 'Next run (session and run pages) / next session' },
  { keys: ['k'], what: 'Previous run / previous session' },
  { keys: ['Enter'], what: 'Open the selected run or session' },
  { keys: ['g', 's'], what: 'Go to sessions' },
  { keys: ['t'], what: 'Toggle light / dark theme' },
  { keys: ['?'], what: 'Show this list' },
  { keys: ['Esc'], what: 'Close dialogs, leave search' },
];

const Ctx = createContext<{ open: () => void }>({ open: () => {} });

export function ShortcutsProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useShortcut('?', () => setShown((s) => !s));
  return (
    <Ctx.Provider value={{ open: () => setShown(true) }}>
      {children}
      {shown && (
        <Modal title="Keyboard shortcuts" onClose={() => setShown(false)}>
          <table className={styles.shortcutTable} data-testid="shortcuts">
            <tbody>
              {SHORTCUTS.map((s) => (
                <tr key={s.what}>
                  <td>
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && <span className={textStyles.muted}> then </span>}
                        <Kbd>{k}</Kbd>
                      </span>
                    ))}
                  </td>
                  <td>{s.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Modal>
      )}
    </Ctx.Provider>
  );
}

export function useShortcutsDialog() {
  return useContext(Ctx);
}
