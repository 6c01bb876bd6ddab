/** The options page: one form. */
import { OptionsForm } from '../../components/options-form.js';

export function App() {
  return <OptionsForm />;
}
