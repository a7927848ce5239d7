# only comments

   # indented comment
	
