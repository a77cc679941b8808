"""Age of Reason's front end: the map, the Alliance Display and the auction, the action
boxes, combat with secret cards and pymunk dice, set-up, results and the guide."""
