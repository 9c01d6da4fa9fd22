package acctest

// Setenv adds environment variables ("NAME=value") to every later run of a
// PluginCLI, for the terraform process and the provider it starts: TF_LOG
// and TF_LOG_PATH for a trace log the test searches, say. It fails the test
// for a CLI that attaches to an in-process provider, whose environment is
// the test process's own.
func (c *CLI) Setenv(kv ...string) {
	c.t.Helper()
	if c.pluginEnv == nil {
		c.t.Fatal("Setenv needs a PluginCLI")
	}
	c.pluginEnv = append(c.pluginEnv, kv...)
}
