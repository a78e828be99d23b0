/*
 * The "Hosted form" block: a hosted form by its slug, rendered on the server
 * (like the [svc_form] shortcode). No build step: plain wp.* globals.
 */
(function (wp) {
  const el = wp.element.createElement;
  const __ = wp.i18n.__;
  const TextControl = wp.components.TextControl;
  const ToggleControl = wp.components.ToggleControl;
  const TextareaControl = wp.components.TextareaControl;
  const PanelBody = wp.components.PanelBody;
  const Placeholder = wp.components.Placeholder;
  const SelectControl = wp.components.SelectControl;
  const ServerSideRender = wp.serverSideRender;
  const InspectorControls = wp.blockEditor.InspectorControls;
  // slug => name of the site's forms: the service's list, or those the site has shown
  // when the service cannot list them (the plugin's inline script).
  const known = globalThis.svcfmForms || {};
  const useBlockProps = wp.blockEditor.useBlockProps;

  wp.blocks.registerBlockType("svc-forms-mail/form", {
    apiVersion: 2,
    title: __("Hosted form", "svc-forms-mail"),
    description: __("A form built in the service's dashboard.", "svc-forms-mail"),
    icon: "feedback",
    category: "widgets",
    attributes: {
      slug: { type: "string", default: "" },
      autoreply: { type: "boolean", default: false },
      autoreplySubject: { type: "string", default: "" },
      autoreplyBody: { type: "string", default: "" },
    },
    edit: function (props) {
      const a = props.attributes;
      const set = props.setAttributes;
      return el(
        "div",
        useBlockProps(),
        el(
          InspectorControls,
          null,
          el(
            PanelBody,
            { title: __("Auto-reply", "svc-forms-mail") },
            el(ToggleControl, {
              label: __("Send the visitor an auto-reply", "svc-forms-mail"),
              checked: a.autoreply,
              onChange: function (v) {
                set({ autoreply: v });
              },
            }),
            el(TextControl, {
              label: __("Subject", "svc-forms-mail"),
              value: a.autoreplySubject,
              onChange: function (v) {
                set({ autoreplySubject: v });
              },
            }),
            el(TextareaControl, {
              label: __("Body (HTML; {name}, {field:KEY} …)", "svc-forms-mail"),
              value: a.autoreplyBody,
              onChange: function (v) {
                set({ autoreplyBody: v });
              },
            }),
          ),
        ),
        el(
          Placeholder,
          {
            icon: "feedback",
            label: __("Hosted form", "svc-forms-mail"),
            instructions: __(
              "The slug of a form built in the service's dashboard.",
              "svc-forms-mail",
            ),
          },
          Object.keys(known).length
            ? el(SelectControl, {
              label: __("Form", "svc-forms-mail"),
              value: known[a.slug] !== undefined ? a.slug : "",
              options: [{ label: __("Choose a form…", "svc-forms-mail"), value: "" }].concat(
                Object.keys(known).map(function (slug) {
                  return { label: known[slug] + " (" + slug + ")", value: slug };
                }),
              ),
              onChange: function (v) {
                if (v) set({ slug: v });
              },
            })
            : null,
          el(TextControl, {
            label: Object.keys(known).length
              ? __("Or another form's slug", "svc-forms-mail")
              : __("Form slug", "svc-forms-mail"),
            value: a.slug,
            onChange: function (v) {
              set({ slug: v.toLowerCase().replace(/[^a-z0-9-]/g, "") });
            },
          }),
        ),
        // A preview: the form as visitors see it, rendered by the server.
        a.slug && ServerSideRender
          ? el(
            "div",
            { className: "svcfm-block-preview" },
            el(ServerSideRender, { block: "svc-forms-mail/form", attributes: a }),
          )
          : null,
      );
    },
    save: function () {
      return null;
    },
  });
})(globalThis.wp);
