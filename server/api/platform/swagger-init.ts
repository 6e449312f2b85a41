/**
 * The script that starts Swagger UI under `/docs`, served as a file (never inline) so the page
 * works under a CSP without 'unsafe-inline'.
 *
 * It replaces Swagger UI's `operations` component with one that draws every operation. Swagger UI
 * 5.35 switches to a window virtualizer once its list of tags and operations reaches 150 entries
 * (rundesk's document has about 200): only the rows near the viewport are in the page, the rest
 * appear while scrolling, so find-in-page, assistive technology and a reader skimming the list
 * see the first dozen operations and nothing after them. Where the list stopped depended on when
 * the virtualizer measured its rows, which is why it looked like drawing that stopped at random.
 * The replacement draws what Swagger UI draws below its threshold: each tag (`OperationTag`, which
 * keeps collapsing and deep links) holding its operations (`OperationContainer`).
 */
export const SWAGGER_INIT = `(function () {
  function EveryOperationPlugin(system) {
    var h = system.React.createElement;
    function Operations(props) {
      var spec = props.specSelectors;
      var tagged = spec.taggedOperations();
      if (tagged.size === 0) return h('h3', null, 'No operations defined in spec!');
      var methods = spec.validOperationMethods();
      var OperationTag = props.getComponent('OperationTag');
      var OperationContainer = props.getComponent('OperationContainer', true);
      return h('div', null, tagged.map(function (tagObj, tag) {
        var operations = tagObj.get('operations')
          .filter(function (op) { return methods.indexOf(op.get('method')) !== -1; })
          .map(function (op) {
            return h(OperationContainer, {
              key: op.get('path') + '-' + op.get('method'), specPath: op.get('specPath'), op: op,
              path: op.get('path'), method: op.get('method'), tag: tag
            });
          });
        return h(OperationTag, {
          key: 'operation-' + tag, tagObj: tagObj, tag: tag, oas3Selectors: props.oas3Selectors,
          layoutSelectors: props.layoutSelectors, layoutActions: props.layoutActions,
          getConfigs: props.getConfigs, getComponent: props.getComponent, specUrl: spec.url()
        }, h('div', { className: 'operation-tag-content' }, operations.toArray()));
      }).valueSeq().toArray());
    }
    return { components: { operations: Operations } };
  }

  window.addEventListener('load', function () {
    window.ui = SwaggerUIBundle({
      url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
      oauth2RedirectUrl: window.location.origin + '/docs/oauth2-redirect',
      presets: [SwaggerUIBundle.presets.apis], plugins: [EveryOperationPlugin],
      layout: 'BaseLayout', persistAuthorization: true
    });
  });
})();`;
