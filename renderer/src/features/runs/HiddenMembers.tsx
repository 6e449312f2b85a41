import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { runNeighbourQueries } from '../../api/sessions/queries';
import type { TeamRunShape } from '../../api-types/shapes';
import { useDbLocation } from '../../lib/location';
import { DESK_ACTOR, useActingAs } from '../../auth/acting-as';
import { EmptyState } from '../../components/ui';
import { formatCount } from '../../lib/format';
import { componentIdOf } from '../../lib/runs';
import { RequestError } from '../errors/AuthExplain';
import textStyles from '../../components/text.module.css';

/**
 * Why a team run shows no members through a token lens: the token was refused the list of the
 * session's runs, or the desk view (which reads everything) finds member runs this token does
 * not see. Without a lens, or when the desk finds none either, the team recorded no members.
 */
export function NoMembers({ run }: { run: TeamRunShape }) {
  const { actor } = useActingAs();
  const { sessionId = '' } = useParams();
  const loc = useDbLocation();
  const lens = actor.via === 'bearer';
  const own = useQuery({ ...runNeighbourQueries.children(actor, sessionId, run.run_id, 'team', loc), enabled: lens });
  const desk = useQuery({ ...runNeighbourQueries.children(DESK_ACTOR, sessionId, run.run_id, 'team', loc), enabled: lens });
  if (lens && own.isError) {
    return (
      <div data-testid="members-hidden" data-reason="refused">
        <p className={textStyles.muted}>The member runs are not shown: token “{actor.label}” was refused the list of this session's runs.</p>
        <RequestError error={own.error} compact />
      </div>
    );
  }
  const hidden = desk.data?.filter((r) => r.parent_run_id === run.run_id) ?? [];
  if (lens && hidden.length > 0) {
    const names = [...new Set(hidden.map((r) => componentIdOf(r)).filter((n): n is string => !!n))];
    return (
      <EmptyState icon="user" title={`${formatCount(hidden.length)} member ${hidden.length === 1 ? 'run' : 'runs'} hidden by this token`}>
        <span data-testid="members-hidden" data-reason="lens">
          The desk view finds {hidden.length === 1 ? 'a member run' : 'member runs'} of this team run{names.length ? <> ({names.join(', ')})</> : null}; token “{actor.label}” sees none: its scopes or user isolation
          keep them out of its view. Switch to the desk view in the acting-as menu to read them.
        </span>
      </EmptyState>
    );
  }
  return <EmptyState icon="user" title={lens && desk.isPending ? 'Looking for member runs…' : 'No member runs recorded for this team run'} />;
}
