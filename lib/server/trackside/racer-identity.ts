/**
 * Who "a racer" is on the trackside pages (spec §3 Trackside participant search: id; §3 Racer
 * detail). A timing import writes one participant record per rider and file, so one person
 * has several records. Since issue 25 ("One rider, one profile") the racer is the person of the
 * public rider page (lib/server/riders/person-identity.ts): the records the series standings
 * count as one rider (hand-set key, licence, member number, or name + race number + class),
 * plus the records of the same name under other race numbers and classes, unless something says
 * they are different people. A racer's id (`?racer=`) is one of their participant records; the
 * search gives the latest.
 */
import 'server-only';
import { personParticipants } from '../riders/person-identity';

/**
 * The participant records of the racer whose id is `participantId` (it included), smallest
 * first; null when there is no such participant.
 */
export async function racerParticipants(participantId: number): Promise<number[] | null> {
  return personParticipants(participantId);
}
