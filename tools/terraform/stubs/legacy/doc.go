// Package legacy is an empty stand-in for a nested module the published Terraform module zip lacks.
package legacy
