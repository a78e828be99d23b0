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
  const InspectorControls = wp.blockEditor.InspectorControls;
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
          el(TextControl, {
            label: __("Form slug", "svc-forms-mail"),
            value: a.slug,
            onChange: function (v) {
              set({ slug: v.toLowerCase().replace(/[^a-z0-9-]/g, "") });
            },
          }),
        ),
      );
    },
    save: function () {
      return null;
    },
  });
})(globalThis.wp);
