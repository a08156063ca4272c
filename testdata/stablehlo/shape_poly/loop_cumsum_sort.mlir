module @jit_call attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<4xf32> {jax.result_info = "result[1]"}, tensor<4xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<?xf32>
    %1:3 = call @call_exported_loop_cumsum_sort(%0) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
    %2 = stablehlo.convert %1#0 : (tensor<?xf32>) -> tensor<4xf32>
    %3 = stablehlo.convert %1#1 : (tensor<?xf32>) -> tensor<4xf32>
    %4 = stablehlo.convert %1#2 : (tensor<?xf32>) -> tensor<4xf32>
    return %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  func.func private @call_exported_loop_cumsum_sort(%arg0: tensor<?xf32>) -> (tensor<?xf32> {jax.result_info = "result[0]"}, tensor<?xf32> {jax.result_info = "result[1]"}, tensor<?xf32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b,). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/501/shape-polymorphism.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2:3 = call @_wrapped_jax_export_main(%0, %arg0) : (tensor<i32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
    return %2#0, %2#1, %2#2 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
  }
  func.func private @reduce_window_float32_reducer(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?xf32>) -> (tensor<?xf32> {jax.result_info = "result[0]"}, tensor<?xf32> {jax.result_info = "result[1]"}, tensor<?xf32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<1> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<-1> : tensor<i32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %c_2 = stablehlo.constant dense<3> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %0:4 = stablehlo.while(%iterArg = %arg1, %iterArg_4 = %c_3, %iterArg_5 = %c_3, %iterArg_6 = %arg1) : tensor<?xf32>, tensor<i32>, tensor<i32>, tensor<?xf32>
    cond {
      %20 = stablehlo.compare LT, %iterArg_4, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %20 : tensor<i1>
    } do {
      %20 = stablehlo.add %iterArg_5, %c_1 : tensor<i32>
      %21 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
      %22 = stablehlo.dynamic_broadcast_in_dim %cst, %21, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
      %23 = stablehlo.multiply %iterArg_6, %22 : tensor<?xf32>
      %24 = stablehlo.add %23, %iterArg : tensor<?xf32>
      %25 = stablehlo.add %iterArg_4, %c_1 : tensor<i32>
      stablehlo.return %iterArg, %25, %20, %24 : tensor<?xf32>, tensor<i32>, tensor<i32>, tensor<?xf32>
    }
    %1 = call @cumsum(%arg0, %arg1) : (tensor<i32>, tensor<?xf32>) -> tensor<?xf32>
    %2 = call @sort(%arg0, %arg1) : (tensor<i32>, tensor<?xf32>) -> tensor<?xf32>
    %3 = stablehlo.convert %arg0 : tensor<i32>
    %4 = stablehlo.add %3, %c_0 : tensor<i32>
    %5 = stablehlo.convert %4 : tensor<i32>
    %6 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %7 = stablehlo.dynamic_iota %6, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
    %8 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %9 = stablehlo.dynamic_broadcast_in_dim %c_0, %8, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %10 = stablehlo.multiply %9, %7 : tensor<?xi32>
    %11 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %12 = stablehlo.dynamic_broadcast_in_dim %5, %11, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %13 = stablehlo.add %12, %10 : tensor<?xi32>
    %14 = stablehlo.reverse %13, dims = [0] : tensor<?xi32>
    %15 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %16 = stablehlo.concatenate %15, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %17 = stablehlo.dynamic_broadcast_in_dim %14, %16, dims = [0] : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x1xi32>
    %18 = "stablehlo.gather"(%2, %17) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1>}> : (tensor<?xf32>, tensor<?x1xi32>) -> tensor<?xf32>
    %19 = stablehlo.reverse %18, dims = [0] : tensor<?xf32>
    return %0#3, %1, %19 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
  }
  func.func private @cumsum(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %0 = call @cumsum_0(%arg0, %arg1) : (tensor<i32>, tensor<?xf32>) -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<i32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %c = stablehlo.constant dense<1> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<1xi32>
    %c_1 = stablehlo.constant dense<-1> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = stablehlo.convert %arg0 : tensor<i32>
    %2 = stablehlo.add %1, %c_1 : tensor<i32>
    %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
    %4 = stablehlo.concatenate %3, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %5 = stablehlo.reshape %4 : (tensor<2xi32>) -> tensor<1x2xi32>
    %6 = stablehlo.concatenate %5, dim = 0 : (tensor<1x2xi32>) -> tensor<1x2xi32>
    %7 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %8 = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%arg1, %0, %7, %c, %c, %c, %6) {api_version = 2 : i32, called_computations = [@reduce_window_float32_reducer]} : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<?xf32>
    return %8 : tensor<?xf32>
  }
  func.func private @sort(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = "stablehlo.sort"(%arg1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %1 = stablehlo.compare EQ, %arg2, %cst_0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %2 = stablehlo.select %1, %cst_0, %arg2 : tensor<i1>, tensor<f32>
      %3 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.select %3, %cst, %2 : tensor<i1>, tensor<f32>
      %5 = stablehlo.compare EQ, %arg3, %cst_0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.select %5, %cst_0, %arg3 : tensor<i1>, tensor<f32>
      %7 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %8 = stablehlo.select %7, %cst, %6 : tensor<i1>, tensor<f32>
      %9 = stablehlo.compare LT, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    }) : (tensor<?xf32>) -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
}
