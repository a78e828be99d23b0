<?php
/**
 * Markup and validation of a hosted form.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Renders a hosted form definition and checks a visitor's input against it.
 */
final class Form_Renderer {

	const INPUT_TYPES = array( 'text', 'email', 'tel', 'url', 'number', 'date', 'time' );
	const MAX_VALUE   = 10000;
	const HONEYPOT    = 'svcfm_hp';

	/**
	 * Checks input against the form's fields. Returns the values to send (one
	 * string per field, checkbox choices joined with ", ") and the errors by
	 * field name.
	 *
	 * @param array<string, mixed> $form  Hosted form.
	 * @param array<string, mixed> $input The visitor's values by field name (unslashed).
	 * @return array{values: array<string, string>, errors: array<string, string>}
	 */
	public static function validate( array $form, array $input ): array {
		$values = array();
		$errors = array();
		foreach ( self::fields( $form ) as $field ) {
			$name    = $field['name'];
			$type    = $field['type'];
			$raw     = $input[ $name ] ?? '';
			$options = $field['options'];
			if ( 'checkbox' === $type && $options ) {
				$chosen = array_values( array_filter( array_map( 'strval', is_array( $raw ) ? $raw : array( $raw ) ), static fn( $v ) => '' !== $v ) );
				$chosen = array_values( array_intersect( $options, $chosen ) );
				$value  = implode( ', ', $chosen );
			} elseif ( 'checkbox' === $type ) {
				$value = ( is_string( $raw ) && '' !== $raw ) ? __( 'Yes', 'svc-forms-mail' ) : '';
			} elseif ( is_array( $raw ) ) {
				$value = '';
			} elseif ( 'textarea' === $type ) {
				$value = sanitize_textarea_field( (string) $raw );
			} else {
				$value = sanitize_text_field( (string) $raw );
			}
			$values[ $name ] = $value;

			if ( '' === $value ) {
				if ( $field['required'] ) {
					$errors[ $name ] = 'checkbox' === $type && ! $options
						? __( 'Please tick this box.', 'svc-forms-mail' )
						: __( 'This field is required.', 'svc-forms-mail' );
				}
				continue;
			}
			if ( mb_strlen( $value ) > self::MAX_VALUE ) {
				/* translators: %d: a number of characters. */
				$errors[ $name ] = sprintf( __( 'Please use at most %d characters.', 'svc-forms-mail' ), self::MAX_VALUE );
				continue;
			}
			$error = self::type_error( $type, $value, $options );
			if ( '' !== $error ) {
				$errors[ $name ] = $error;
			}
		}
		return array(
			'values' => $values,
			'errors' => $errors,
		);
	}

	/**
	 * Why a non-empty value does not fit its type ('' when it does).
	 *
	 * @param string   $type    Field type.
	 * @param string   $value   The value.
	 * @param string[] $options Choices (select).
	 */
	private static function type_error( string $type, string $value, array $options ): string {
		switch ( $type ) {
			case 'email':
				return is_email( $value ) ? '' : __( 'Please enter a valid email address.', 'svc-forms-mail' );
			case 'url':
				return ( filter_var( $value, FILTER_VALIDATE_URL ) && preg_match( '#^https?://#i', $value ) ) ? '' : __( 'Please enter a full web address (https://…).', 'svc-forms-mail' );
			case 'number':
				return is_numeric( $value ) ? '' : __( 'Please enter a number.', 'svc-forms-mail' );
			case 'tel':
				return preg_match( '/^[0-9+().\/\-\s]{3,40}$/', $value ) ? '' : __( 'Please enter a valid phone number.', 'svc-forms-mail' );
			case 'date':
				return preg_match( '/^\d{4}-\d{2}-\d{2}$/', $value ) ? '' : __( 'Please enter a date (YYYY-MM-DD).', 'svc-forms-mail' );
			case 'time':
				return preg_match( '/^\d{2}:\d{2}(:\d{2})?$/', $value ) ? '' : __( 'Please enter a time (HH:MM).', 'svc-forms-mail' );
			case 'select':
				return in_array( $value, $options, true ) ? '' : __( 'Please choose one of the options.', 'svc-forms-mail' );
		}
		return '';
	}

	/**
	 * The form's fields, each with every key present.
	 *
	 * @param array<string, mixed> $form Hosted form.
	 * @return array<int, array{name: string, label: string, type: string, placeholder: string, required: bool, options: string[]}>
	 */
	public static function fields( array $form ): array {
		$out = array();
		foreach ( (array) ( $form['fields'] ?? array() ) as $f ) {
			if ( ! is_array( $f ) || empty( $f['name'] ) || ! is_string( $f['name'] ) ) {
				continue;
			}
			$out[] = array(
				'name'        => $f['name'],
				'label'       => is_string( $f['label'] ?? null ) ? $f['label'] : $f['name'],
				'type'        => is_string( $f['type'] ?? null ) ? $f['type'] : 'text',
				'placeholder' => is_string( $f['placeholder'] ?? null ) ? $f['placeholder'] : '',
				'required'    => ! empty( $f['required'] ),
				'options'     => array_values( array_filter( (array) ( $f['options'] ?? array() ), 'is_string' ) ),
			);
		}
		return $out;
	}

	/**
	 * The form's markup.
	 *
	 * @param array<string, mixed> $form     Hosted form.
	 * @param array<string, mixed> $state    instance (string), token (signed config), values, errors, notice.
	 * @param string               $captcha  Captcha markup ('' = none).
	 */
	public static function render( array $form, array $state, string $captcha ): string {
		$settings = is_array( $form['settings'] ?? null ) ? $form['settings'] : array();
		$instance = (string) $state['instance'];
		$values   = (array) ( $state['values'] ?? array() );
		$errors   = (array) ( $state['errors'] ?? array() );
		$id       = 'svcfm-' . $instance;

		$classes = array( 'svcfm-form-wrap' );
		$card    = $settings['card_wrap'] ?? false;
		if ( true === $card || ( is_string( $card ) && ! in_array( $card, array( '', 'none', 'false', 'off' ), true ) ) ) {
			$classes[] = 'svcfm-card';
		}
		foreach ( array(
			'radius_preset' => 'radius',
			'button_align'  => 'align',
			'field_tone'    => 'tone',
		) as $key => $prefix ) {
			if ( isset( $settings[ $key ] ) && is_string( $settings[ $key ] ) && preg_match( '/^[a-z0-9-]{1,32}$/', $settings[ $key ] ) ) {
				$classes[] = 'svcfm-' . $prefix . '-' . $settings[ $key ];
			}
		}
		$style = '';
		if ( isset( $settings['brand_color'] ) && is_string( $settings['brand_color'] ) && preg_match( '/^#[0-9a-fA-F]{3,8}$/', $settings['brand_color'] ) ) {
			$style = '--svcfm-brand:' . $settings['brand_color'] . ';';
		}

		$html  = '<div id="' . esc_attr( $id ) . '" class="' . esc_attr( implode( ' ', $classes ) ) . '"' . ( '' !== $style ? ' style="' . esc_attr( $style ) . '"' : '' ) . '>';
		$html .= '<form class="svcfm-form" method="post" action="#' . esc_attr( $id ) . '" data-svcfm-form="' . esc_attr( $instance ) . '">';
		if ( ! empty( $state['notice'] ) ) {
			$html .= '<div class="svcfm-notice svcfm-notice-error" role="alert">' . esc_html( (string) $state['notice'] ) . '</div>';
		} elseif ( $errors ) {
			$html .= '<div class="svcfm-notice svcfm-notice-error" role="alert">' . esc_html__( 'Please correct the fields marked below.', 'svc-forms-mail' ) . '</div>';
		}

		foreach ( self::fields( $form ) as $field ) {
			$html .= self::field( $field, $id, $values[ $field['name'] ] ?? null, $errors[ $field['name'] ] ?? '' );
		}

		// Honeypot: hidden from people (and from screen readers), filled by bots.
		$html .= '<div class="svcfm-hp" aria-hidden="true"><label for="' . esc_attr( $id . '-hp' ) . '">' . esc_html__( 'Leave this field empty', 'svc-forms-mail' ) . '</label>';
		$html .= '<input type="text" id="' . esc_attr( $id . '-hp' ) . '" name="' . esc_attr( self::HONEYPOT ) . '" value="" tabindex="-1" autocomplete="off" /></div>';

		$html .= $captcha;
		$html .= '<input type="hidden" name="svcfm_form" value="' . esc_attr( (string) $state['token'] ) . '" />';
		$label = isset( $settings['submit_label'] ) && is_string( $settings['submit_label'] ) && '' !== trim( $settings['submit_label'] ) ? $settings['submit_label'] : __( 'Send', 'svc-forms-mail' );
		$html .= '<div class="svcfm-actions"><button type="submit" class="svcfm-submit">' . esc_html( $label ) . '</button></div>';
		$html .= '</form></div>';
		return $html;
	}

	/**
	 * One field: label, control, error.
	 *
	 * @param array{name: string, label: string, type: string, placeholder: string, required: bool, options: string[]} $field Field.
	 * @param string                                                                                                    $id    Form element id.
	 * @param mixed                                                                                                     $value Current value.
	 * @param string                                                                                                    $error Error message.
	 */
	private static function field( array $field, string $id, $value, string $error ): string {
		$fid      = $id . '-' . sanitize_html_class( $field['name'] );
		$name     = 'svcfm[' . $field['name'] . ']';
		$type     = $field['type'];
		$required = $field['required'];
		$aria     = '';
		if ( '' !== $error ) {
			$aria = ' aria-invalid="true" aria-describedby="' . esc_attr( $fid . '-error' ) . '"';
		}
		$req_attr = $required ? ' required' : '';
		$mark     = $required ? ' <span class="svcfm-required" aria-hidden="true">*</span>' : '';
		$classes  = 'svcfm-field svcfm-field-' . sanitize_html_class( $type ) . ( '' !== $error ? ' svcfm-has-error' : '' );
		$value    = is_string( $value ) ? $value : '';

		$html = '<div class="' . esc_attr( $classes ) . '">';
		if ( 'checkbox' === $type && ! $field['options'] ) {
			$html .= '<label class="svcfm-check" for="' . esc_attr( $fid ) . '"><input type="checkbox" id="' . esc_attr( $fid ) . '" name="' . esc_attr( $name ) . '" value="1"' . ( '' !== $value ? ' checked' : '' ) . $req_attr . $aria . ' /> ' . esc_html( $field['label'] ) . $mark . '</label>';
		} elseif ( 'checkbox' === $type ) {
			$chosen = array_map( 'trim', explode( ',', $value ) );
			$html  .= '<fieldset class="svcfm-choices"' . $aria . '><legend>' . esc_html( $field['label'] ) . $mark . '</legend>';
			foreach ( $field['options'] as $i => $option ) {
				$oid   = $fid . '-' . $i;
				$html .= '<label class="svcfm-check" for="' . esc_attr( $oid ) . '"><input type="checkbox" id="' . esc_attr( $oid ) . '" name="' . esc_attr( $name . '[]' ) . '" value="' . esc_attr( $option ) . '"' . ( in_array( $option, $chosen, true ) ? ' checked' : '' ) . ' /> ' . esc_html( $option ) . '</label>';
			}
			$html .= '</fieldset>';
		} else {
			$html .= '<label for="' . esc_attr( $fid ) . '">' . esc_html( $field['label'] ) . $mark . '</label>';
			$ph    = '' !== $field['placeholder'] ? ' placeholder="' . esc_attr( $field['placeholder'] ) . '"' : '';
			if ( 'textarea' === $type ) {
				$html .= '<textarea id="' . esc_attr( $fid ) . '" name="' . esc_attr( $name ) . '" rows="5"' . $ph . $req_attr . $aria . '>' . esc_textarea( $value ) . '</textarea>';
			} elseif ( 'select' === $type ) {
				$html .= '<select id="' . esc_attr( $fid ) . '" name="' . esc_attr( $name ) . '"' . $req_attr . $aria . '>';
				$html .= '<option value="">' . esc_html( '' !== $field['placeholder'] ? $field['placeholder'] : __( '— Choose —', 'svc-forms-mail' ) ) . '</option>';
				foreach ( $field['options'] as $option ) {
					$html .= '<option value="' . esc_attr( $option ) . '"' . ( $option === $value ? ' selected' : '' ) . '>' . esc_html( $option ) . '</option>';
				}
				$html .= '</select>';
			} else {
				$input = in_array( $type, self::INPUT_TYPES, true ) ? $type : 'text';
				$auto  = array(
					'email' => 'email',
					'tel'   => 'tel',
					'url'   => 'url',
				);
				$extra = isset( $auto[ $input ] ) ? ' autocomplete="' . esc_attr( $auto[ $input ] ) . '"' : '';
				if ( 'number' === $input ) {
					$extra .= ' step="any"';
				}
				$html .= '<input type="' . esc_attr( $input ) . '" id="' . esc_attr( $fid ) . '" name="' . esc_attr( $name ) . '" value="' . esc_attr( $value ) . '"' . $ph . $extra . $req_attr . $aria . ' />';
			}
		}
		if ( '' !== $error ) {
			$html .= '<span class="svcfm-error" id="' . esc_attr( $fid . '-error' ) . '">' . esc_html( $error ) . '</span>';
		}
		return $html . '</div>';
	}

	/**
	 * The success message in place of the form.
	 *
	 * @param array<string, mixed> $form     Hosted form.
	 * @param string               $instance Form instance.
	 */
	public static function success( array $form, string $instance ): string {
		$settings = is_array( $form['settings'] ?? null ) ? $form['settings'] : array();
		$message  = isset( $settings['success_message'] ) && is_string( $settings['success_message'] ) && '' !== trim( $settings['success_message'] )
			? $settings['success_message']
			: __( 'Thank you. Your message has been sent.', 'svc-forms-mail' );
		return '<div id="' . esc_attr( 'svcfm-' . $instance ) . '" class="svcfm-form-wrap svcfm-sent"><div class="svcfm-notice svcfm-notice-success" role="status">' . esc_html( $message ) . '</div></div>';
	}
}
