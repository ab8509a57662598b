import { exploreInterface } from '../drivers';
import { registerExploration } from '../harness/runner';

registerExploration('stateful exploration', {
  title: 'random sequences of every operation, judged with the whole run',
  drive: exploreInterface,
});
