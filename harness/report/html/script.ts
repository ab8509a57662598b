import { trusted } from './markup';

/** The page's only script: filters and copy buttons. Everything stays readable without it. */
export const pageScript = trusted(`
(function () {
  var form = document.getElementById('filters');
  var rules = Array.prototype.slice.call(document.querySelectorAll('article.rule'));
  var lists = Array.prototype.slice.call(document.querySelectorAll('[data-rule-list]'));
  function apply() {
    var shown = {};
    Array.prototype.forEach.call(form.querySelectorAll('input[name=verdict]'), function (box) { shown[box.value] = box.checked; });
    var area = form.elements.namedItem('area').value;
    var visible = 0;
    rules.forEach(function (rule) {
      rule.hidden = !(shown[rule.dataset.verdict] && (area === '' || rule.dataset.area === area));
      if (!rule.hidden && !rule.closest('#failures')) visible += 1;
    });
    lists.forEach(function (list) { list.hidden = !list.querySelector('article.rule:not([hidden])'); });
    form.elements.namedItem('shown').value = visible + ' of ' + (rules.length - document.querySelectorAll('#failures article.rule').length) + ' rules shown';
  }
  form.hidden = false;
  form.addEventListener('change', apply);
  apply();
  Array.prototype.forEach.call(document.querySelectorAll('button.copy'), function (button) {
    button.hidden = false;
    button.addEventListener('click', function () {
      var text = button.parentNode.querySelector('pre').textContent;
      var done = function () { button.textContent = 'Copied'; setTimeout(function () { button.textContent = 'Copy'; }, 1500); };
      if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () { select(button); });
      else select(button);
    });
  });
  function select(button) {
    var range = document.createRange();
    range.selectNodeContents(button.parentNode.querySelector('pre'));
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
})();
`);
