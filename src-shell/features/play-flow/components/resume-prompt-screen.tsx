/** The resume prompt (play-page §2 "resume prompt", §5 "Resume"). Only renders. */
import { useTranslator } from '../../../lib/i18n.js';
import { formatPosition } from '../rules.js';

export interface ResumePromptScreenProps {
  title: string;
  /** Seconds. */
  position: number;
  onChoose: (resume: boolean) => void;
}

export function ResumePromptScreen({ title, position, onChoose }: ResumePromptScreenProps) {
  const i18n = useTranslator();
  return (
    <main className="screen screen--resume" data-testid="resume-prompt">
      <div className="notice" role="dialog" aria-labelledby="resume-title">
        <h1 id="resume-title" data-testid="title">
          {title}
        </h1>
        <div className="error__actions">
          <button type="button" className="button button--primary" autoFocus onClick={() => onChoose(true)} data-testid="resume">
            {i18n.t('resume.from', { position: formatPosition(position) })}
          </button>
          <button type="button" className="button" onClick={() => onChoose(false)} data-testid="start-over">
            {i18n.t('resume.startOver')}
          </button>
        </div>
      </div>
    </main>
  );
}
